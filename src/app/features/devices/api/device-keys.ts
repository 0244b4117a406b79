/**
 * Query and mutation keys of the devices page; invalidating `all` refreshes every list. The lists
 * and the count live under it too (`deviceList.keys`, made by the list kit).
 */
export const deviceKeys = {
  all: ['devices'] as const,
  change: () => [...deviceKeys.all, 'change'] as const,
};
