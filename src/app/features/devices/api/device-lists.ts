import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiPaths } from '../../../../shared/api-paths';
import {
  DEVICE_PAGE_SIZE,
  DevicePageSchema,
  type Device,
  type DeviceSearchFilter,
} from '../../../../shared/devices';
import { api } from '../../../lib/api-client';
import type { DeviceListMode } from '../search-rules';
import { deviceKeys } from './device-keys';

/** Thrown when a page is not the list of devices it should be (spec 02 §7 "not an array"). */
export const UNREADABLE_PAGE_MESSAGE = 'The device list could not be read.';

async function fetchPage(path: string, signal: AbortSignal): Promise<Device[]> {
  const answer = await api.get<unknown>(path, { signal });
  const page = v.safeParse(DevicePageSchema, answer);
  if (!page.success) {
    // Spec 02 §7 logs a devices list that is not an array; the page then shows the error.
    console.error('The devices list is not a list of devices', v.flatten(page.issues), answer);
    throw new Error(UNREADABLE_PAGE_MESSAGE);
  }
  return page.output;
}

/** Pages are DEVICE_PAGE_SIZE devices ordered by Id; a shorter page is the last one. */
const pageParams = {
  initialPageParam: null as number | null,
  getNextPageParam: (lastPage: Device[]): number | null =>
    lastPage.length < DEVICE_PAGE_SIZE ? null : (lastPage.at(-1)?.Id ?? null),
};

const after = (lastId: number | null) => (lastId === null ? '' : `?after=${lastId}`);

/** `GET devices/chunk/` and then `devices/chunk/{lastId}`: every device in the caller's scope. */
export const allDevicesInfiniteOptions = () =>
  infiniteQueryOptions({
    queryKey: deviceKeys.list({ kind: 'all' }),
    queryFn: ({ pageParam, signal }) =>
      fetchPage(apiPaths.devicesChunk(pageParam ?? undefined), signal),
    ...pageParams,
  });

/** `GET devices/customer/{customerId}[?after={lastId}]`. */
export const customerDevicesInfiniteOptions = (customerId: number) =>
  infiniteQueryOptions({
    queryKey: deviceKeys.list({ kind: 'customer', customerId }),
    queryFn: ({ pageParam, signal }) =>
      fetchPage(apiPaths.devicesOfCustomer(customerId) + after(pageParam), signal),
    ...pageParams,
  });

/** `GET devices/search/{filter}/{text}[/{customer}][?after={lastId}]`. */
export const searchDevicesInfiniteOptions = (
  filter: DeviceSearchFilter,
  text: string,
  customerId: number | null,
) =>
  infiniteQueryOptions({
    queryKey: deviceKeys.list({ kind: 'search', filter, text, customerId }),
    queryFn: ({ pageParam, signal }) =>
      fetchPage(apiPaths.devicesSearch(filter, text, customerId) + after(pageParam), signal),
    ...pageParams,
  });

/** The list a mode shows, through the factory of its endpoint. */
export function deviceListInfiniteOptions(mode: DeviceListMode) {
  switch (mode.kind) {
    case 'all':
      return allDevicesInfiniteOptions();
    case 'customer':
      return customerDevicesInfiniteOptions(mode.customerId);
    case 'search':
      return searchDevicesInfiniteOptions(mode.filter, mode.text, mode.customerId);
  }
}

/** `GET devices/all/`: how many devices the caller may see. */
export const deviceCountQueryOptions = () =>
  queryOptions({
    queryKey: deviceKeys.count(),
    queryFn: async ({ signal }) =>
      v.parse(v.number(), await api.get<unknown>(apiPaths.devicesCount, { signal })),
  });
