import type { DeviceListMode } from '../search-rules';

/** Query and mutation keys of the devices page; invalidating `all` refreshes every list. */
export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => [...deviceKeys.all, 'list'] as const,
  list: (mode: DeviceListMode) => [...deviceKeys.lists(), mode] as const,
  count: () => [...deviceKeys.all, 'count'] as const,
  change: () => [...deviceKeys.all, 'change'] as const,
};

/**
 * Lookups for the selectors. `GET customers/` and `GET configurationgroups/…` are shared with
 * other screens, so the keys name the resource, not this page.
 */
export const customerKeys = {
  all: ['customers'] as const,
  list: () => [...customerKeys.all, 'list'] as const,
};

export const configurationGroupKeys = {
  all: ['configurationGroups'] as const,
  ofCustomer: (customerId: number | null) =>
    [...configurationGroupKeys.all, 'customer', customerId] as const,
};
