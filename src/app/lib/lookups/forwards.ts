import { queryOptions } from '@tanstack/react-query';
import type { Forward } from '../../../shared/forwards';
import { FORWARD_PAGE_SIZE } from '../../../shared/forwards-list';
import { listPaths } from '../../../shared/list-paths';
import { api } from '../api-client';
import { LOOKUP_STALE_MS } from './lookup';

const paths = listPaths('forwards');

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

/** Every page of one list, following the last id until a short page. */
async function allPages(path: (after: number | null) => string, signal: AbortSignal) {
  const rows: Forward[] = [];
  let after: number | null = null;
  for (;;) {
    const page: Forward[] = await api.get<Forward[]>(path(after), { signal });
    rows.push(...page);
    const last: Forward | undefined = page.at(-1);
    if (page.length < FORWARD_PAGE_SIZE || !last) return rows;
    after = last.Id;
  }
}

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
        ? (await allPages((after) => paths.chunk(after), signal)).filter(
            (forward) => forward.CustomerId === null,
          )
        : allPages((after) => paths.ofCustomer(customerId, after), signal),
    staleTime: LOOKUP_STALE_MS,
  });
