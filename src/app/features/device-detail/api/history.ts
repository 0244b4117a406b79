import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@shared/api/api-paths';
import { RAW_MESSAGE_BATCH } from '@shared/devices/constants';
import type { CustomerHistoryEntry } from '@shared/devices/devices';
import type { RawMessage } from '@shared/devices/raw-messages';
import { api } from '@app/lib/api-client';
import { deviceDetailKeys } from './keys';

const newestFirst = (entries: CustomerHistoryEntry[]) =>
  [...entries].sort((a, b) => b.Start.localeCompare(a.Start));

export const customerHistoryQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: deviceDetailKeys.customerHistory(deviceId),
    queryFn: async ({ signal }) =>
      newestFirst(
        await api.get<CustomerHistoryEntry[]>(apiPaths.deviceCustomerHistory(deviceId), {
          signal,
        }),
      ),
  });

/**
 * Raw messages newest first in batches of 50; the next batch starts below the last id seen, and
 * a batch of fewer than 50 is the end (spec 01 §4, §9).
 */
export const rawMessagesInfiniteOptions = (imei: string) =>
  infiniteQueryOptions({
    queryKey: deviceDetailKeys.rawMessages(imei),
    queryFn: ({ pageParam, signal }) =>
      api.get<RawMessage[]>(apiPaths.deviceRawMessages(imei, pageParam), { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (batch) =>
      batch.length < RAW_MESSAGE_BATCH ? undefined : batch[batch.length - 1]?.Id,
  });
