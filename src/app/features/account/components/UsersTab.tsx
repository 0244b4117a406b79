import { UsersPanel } from '@app/features/users';

/**
 * Users (spec 02 "Account page"): the users of one's own customer, with 'Add users' (hidden for
 * Viewers) — the same panel as the customer detail's Users tab.
 */
export function UsersTab({ customerId }: { customerId: number }) {
  return <UsersPanel customerId={customerId} addLabel="Add users" />;
}
