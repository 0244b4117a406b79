import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiPaths } from '@shared/api/api-paths';
import {
  FORWARD_HEALTH_REFRESH_MS,
  ForwardHealthListSchema,
  ForwardHealthSchema,
} from '@shared/forwards/forward-health';
import { api } from '@app/lib/api-client';
import { BACKGROUND_QUERY_META } from '@app/lib/busy';

/**
 * Forward health (issue 15) is a resource of its own, not under `['forwards']`: the forwards
 * list counts every `['forwards']` fetch as its busy spinner and resets them on Refresh, and
 * health asks again every few seconds.
 */
export const forwardHealthKeys = {
  all: ['forwardHealth'] as const,
  /** `forwards/health?ids=…`: one loaded page of rows. */
  list: (ids: readonly number[]) => [...forwardHealthKeys.all, 'list', ids] as const,
  /** `forwards/{id}/health`. */
  one: (id: number) => [...forwardHealthKeys.all, 'one', id] as const,
  /** `forwards/{id}/replay?From=&To=`: how many messages a window holds. */
  replay: (id: number, from: string, to: string) =>
    [...forwardHealthKeys.all, 'replay', id, from, to] as const,
};

/** An answer that does not fit the contract is logged and shown as the query's error. */
function parse<S extends v.GenericSchema>(schema: S, answer: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, answer);
  if (parsed.success) return parsed.output;
  console.error('The forward health answer does not fit its schema', v.flatten(parsed.issues));
  throw new Error('The delivery health could not be read.');
}

/**
 * Live while shown: asked again every FORWARD_HEALTH_REFRESH_MS while the page is visible. Not
 * toasted (a failing round every 3 s would bury the screen in toasts; the screens show a quiet
 * retry), not counted as busy, and dropped soon after no screen shows it: health from a past
 * visit is no use offline.
 */
const live = {
  refetchInterval: FORWARD_HEALTH_REFRESH_MS,
  refetchIntervalInBackground: false,
  staleTime: FORWARD_HEALTH_REFRESH_MS,
  gcTime: 60_000,
  meta: BACKGROUND_QUERY_META,
} as const;

/**
 * `GET forwards/health?ids=…` (at most HEALTH_IDS_MAX): the health of the forwards the caller may
 * see; unknown ids are left out. A changed set of ids keeps the previous answer on screen until
 * the new one arrives.
 */
export const forwardsHealthQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: forwardHealthKeys.list(ids),
    queryFn: async ({ signal }) =>
      parse(
        ForwardHealthListSchema,
        await api.get<unknown>(apiPaths.forwardsHealth(ids), { signal, notify: false }),
      ),
    placeholderData: keepPreviousData,
    ...live,
  });

/** `GET forwards/{id}/health`: one forward's, for its detail panel (404 when not visible). */
export const forwardHealthQueryOptions = (id: number) =>
  queryOptions({
    queryKey: forwardHealthKeys.one(id),
    queryFn: async ({ signal }) =>
      parse(
        ForwardHealthSchema,
        await api.get<unknown>(apiPaths.forwardHealth(id), { signal, notify: false }),
      ),
    ...live,
  });
