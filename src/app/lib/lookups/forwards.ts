import { queryOptions } from '@tanstack/react-query';
import type { Forward } from '@shared/forwards/forwards';
import { FORWARD_PAGE_SIZE } from '@shared/forwards/forwards-list';
import { listPaths } from '@shared/api/list-paths';
import { fetchAllPages } from './all-pages';
import { LOOKUP_STALE_MS } from './lookup';

const paths = listPaths('forwards');
const allForwards = (path: (after: number | null) => string, signal: AbortSignal) =>
  fetchAllPages<Forward>(path, FORWARD_PAGE_SIZE, signal);

/**
 * Every forward query lives under `['forwards']`: the forwards list and its count (the forwards
 * feature), this lookup, and a device's forward slots. A forward created, changed or removed
 * invalidates `forwardKeys.all`, and the list, the device's forward modal and its Message
 * forwards tab all follow.
 */
export const forwardKeys = {
  all: ['forwards'] as const,
  ofCustomer: (customerId: number | null) => [...forwardKeys.all, 'lookup', customerId] as const,
  /** A device's forward slots (`devices/forwards/{imei}`). */
  device: (imei: string) => [...forwardKeys.all, 'device', imei] as const,
};

/**
 * The forwards a device of this customer may use: `forwards/customer/{id}` (the customer's and
 * the provider's shared ones), every page. A device of no customer may use the shared ones only,
 * which only an admin sees: the whole list, filtered.
 */
export const customerForwardsQueryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: forwardKeys.ofCustomer(customerId),
    queryFn: async ({ signal }) =>
      customerId === null
        ? (await allForwards((after) => paths.chunk(after), signal)).filter(
            (forward) => forward.CustomerId === null,
          )
        : allForwards((after) => paths.ofCustomer(customerId, after), signal),
    staleTime: LOOKUP_STALE_MS,
  });
