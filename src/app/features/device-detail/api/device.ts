import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@shared/api/api-paths';
import type { DeviceDetail } from '@shared/devices/devices';
import { api, type RequestOptions } from '@app/lib/api-client';
import { deviceDetailKeys } from './keys';

/** While the device has pending settings, look again now and then: installers wait for the sync. */
export const OUT_OF_SYNC_POLL_MS = 15_000;

export const fetchDevice = (
  id: number,
  signal?: AbortSignal,
  options?: Pick<RequestOptions, 'notify'>,
) => api.get<DeviceDetail>(apiPaths.device(id), { ...options, signal });

export const deviceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: deviceDetailKeys.device(id),
    queryFn: ({ signal }) => fetchDevice(id, signal),
    refetchInterval: (query) => (query.state.data?.InSync === false ? OUT_OF_SYNC_POLL_MS : false),
  });
