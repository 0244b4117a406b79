import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiPaths } from '@shared/api/api-paths';
import { DEVICE_TEST_PAGE_SIZE, type DeviceTestResult } from '@shared/devices/device-tests';
import { api } from '@app/lib/api-client';
import { deviceTestKeys } from './keys';

const after = (lastId: number | null) => (lastId === null ? '' : `?after=${String(lastId)}`);

/**
 * `GET devicetests[?after={Id}]`: the stored installation tests, newest first, in pages of
 * DEVICE_TEST_PAGE_SIZE; a shorter page is the last.
 */
export const deviceTestsInfiniteOptions = () =>
  infiniteQueryOptions({
    queryKey: deviceTestKeys.history(),
    queryFn: ({ pageParam, signal }) =>
      api.get<DeviceTestResult[]>(apiPaths.deviceTests + after(pageParam), { signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (page: DeviceTestResult[]): number | null =>
      page.length < DEVICE_TEST_PAGE_SIZE ? null : (page.at(-1)?.Id ?? null),
  });
