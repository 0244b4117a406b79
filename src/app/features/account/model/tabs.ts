/** The account page's tabs (spec 02 "Account page"), in order; the first is the default. */
export const ACCOUNT_TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'customer', label: 'Customer' },
  { id: 'users', label: 'Users' },
] as const;

export type AccountTabId = (typeof ACCOUNT_TABS)[number]['id'];
export const ACCOUNT_TAB_IDS = ACCOUNT_TABS.map((tab) => tab.id) as [
  AccountTabId,
  ...AccountTabId[],
];
