/**
 * Query and mutation keys of the devices page; invalidating `all` refreshes every list. The lists
 * and the count live under it too (`deviceList.keys`, made by the list kit).
 */
export const deviceKeys = {
  all: ['devices'] as const,
  change: () => [...deviceKeys.all, 'change'] as const,
};

/**
 * `GET configurationgroups/…` is shared with other screens, so the key names the resource, not
 * this page (the customers lookup lives in lib/lookups).
 */
export const configurationGroupKeys = {
  all: ['configurationGroups'] as const,
  ofCustomer: (customerId: number | null) =>
    [...configurationGroupKeys.all, 'customer', customerId] as const,
};
