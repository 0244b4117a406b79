import { infiniteQueryOptions, queryOptions, skipToken } from '@tanstack/react-query';
import { libraryApiPaths } from '@shared/libraries/api-paths-libraries';
import {
  ROLLOUT_DEVICE_PAGE,
  ROLLOUT_PAGE,
  RolloutDeviceListSchema,
  RolloutListSchema,
  RolloutSchema,
  type Rollout,
  type RolloutDevice,
  type RolloutDeviceState,
} from '@shared/libraries/rollout-views';
import { RolloutPreviewSchema, type MassUpdateTarget } from '@shared/libraries/rollouts';
import { api } from '@app/lib/api-client';
import {
  isLive,
  ROLLOUT_LIST_REFRESH_MS,
  ROLLOUT_REFRESH_MS,
} from '@app/features/rollouts/model/progress';
import { rolloutKeys } from './keys';
import { parseAnswer } from './parse-answer';

const query = (params: Record<string, string | number | null>): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
};

/**
 * `GET rollouts/[?after={lastId}]`: every rollout, newest first, in pages of ROLLOUT_PAGE; a
 * shorter page is the last. Refreshes itself while a loaded rollout is still live.
 */
export const rolloutsInfiniteOptions = () =>
  infiniteQueryOptions({
    queryKey: rolloutKeys.lists(),
    queryFn: async ({ pageParam, signal }) =>
      parseAnswer(
        RolloutListSchema,
        await api.get<unknown>(libraryApiPaths.rollouts + query({ after: pageParam }), { signal }),
        'rollouts list',
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (page: Rollout[]): number | null =>
      page.length < ROLLOUT_PAGE ? null : (page.at(-1)?.Id ?? null),
    refetchInterval: ({ state }) =>
      state.data?.pages.some((page) => page.some((r) => isLive(r.State)))
        ? ROLLOUT_LIST_REFRESH_MS
        : false,
  });

/** `GET rollouts/{id}`: asked again every 2 s while the rollout runs or is paused. */
export const rolloutQueryOptions = (id: number) =>
  queryOptions({
    queryKey: rolloutKeys.detail(id),
    queryFn: async ({ signal }) =>
      parseAnswer(
        RolloutSchema,
        await api.get<unknown>(libraryApiPaths.rollout(id), { signal }),
        'rollout',
      ),
    refetchInterval: ({ state }) =>
      state.data && isLive(state.data.State) ? ROLLOUT_REFRESH_MS : false,
  });

/**
 * `GET rollouts/{id}/devices[?state=][&after={lastDeviceId}]`: one rollout's devices (of one
 * state), by DeviceId in pages of ROLLOUT_DEVICE_PAGE. The rollout screen reloads the loaded
 * pages when the rollout's counts move (see useDevicesFollowProgress), not on a timer of its own.
 */
export const rolloutDevicesInfiniteOptions = (id: number, state: RolloutDeviceState | null) =>
  infiniteQueryOptions({
    queryKey: rolloutKeys.deviceList(id, state),
    queryFn: async ({ pageParam, signal }) =>
      parseAnswer(
        RolloutDeviceListSchema,
        await api.get<unknown>(
          libraryApiPaths.rolloutDevices(id) + query({ state, after: pageParam }),
          { signal },
        ),
        'rollout devices',
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (page: RolloutDevice[]): number | null =>
      page.length < ROLLOUT_DEVICE_PAGE ? null : (page.at(-1)?.DeviceId ?? null),
  });

/**
 * `POST rollouts/preview` as a query keyed by the target: a read (POST only because the target
 * is a body), so the review step gets loading, error and Retry like any query. It is never
 * fresh, not kept once the review is left, and not refetched on window focus (the numbers the
 * admin is reading stay put). No target (still choosing): no call.
 */
export const rolloutPreviewQueryOptions = (target: MassUpdateTarget | null) =>
  queryOptions({
    queryKey: rolloutKeys.preview(target),
    queryFn:
      target === null
        ? skipToken
        : async ({ signal }) =>
            parseAnswer(
              RolloutPreviewSchema,
              await api.post<unknown>(libraryApiPaths.rolloutPreview, target, { signal }),
              'preview',
            ),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
