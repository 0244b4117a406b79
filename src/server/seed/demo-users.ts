// The demo's other users and custom roles, so the users tables and the Roles screen have content.
import type { DbOrTx } from '@server/db/client';
import { roles, users } from '@server/db/schema';

/** Custom roles (allowed what User is); Auditor is left unused so it can be removed. */
export const DEMO_CUSTOM_ROLES = ['Installer', 'Dispatcher', 'Auditor'];

/** Per customer: the local part of each user's address and its role. */
const DEMO_USERS: Record<string, [string, string][]> = {
  'Fleet Portal Provider': [
    ['support', 'Admin'],
    ['reports', 'Viewer'],
  ],
  'NordTrack Resellers': [
    ['sales', 'User'],
    ['installer', 'Installer'],
  ],
  'Hansen Transport': [
    ['dispatch', 'Dispatcher'],
    ['fleet', 'User'],
    ['office', 'Viewer'],
  ],
  'Vega Logistics': [
    ['planning', 'User'],
    ['installer', 'Installer'],
  ],
  'Atlas Freight': [
    ['dispatch', 'Dispatcher'],
    ['installer', 'Installer'],
    ['office', 'Viewer'],
  ],
  'Blue Line Buses': [
    ['fleet', 'User'],
    ['installer', 'Installer'],
  ],
};

/** The demo's address domain of a customer, as its office email uses it. */
export const demoDomain = (customer: string): string =>
  `${customer.toLowerCase().replace(/[^a-z]+/g, '')}.example`;

/** Adds the custom roles and the users above (after the sign-in accounts, so ids follow them). */
export async function seedDemoUsers(
  tx: DbOrTx,
  customerIds: ReadonlyMap<string, number>,
  passwordHash: string,
): Promise<void> {
  await tx
    .insert(roles)
    .values(DEMO_CUSTOM_ROLES.map((name) => ({ name })))
    .onConflictDoNothing();
  const roleRows = await tx.select({ id: roles.id, name: roles.name }).from(roles);
  const roleIds = new Map(roleRows.map((r) => [r.name, r.id]));
  const rows = Object.entries(DEMO_USERS).flatMap(([customer, people]) =>
    people.map(([local, role]) => ({
      email: `${local}@${demoDomain(customer)}`,
      passwordHash,
      roleId: roleIds.get(role) ?? 0,
      customerId: customerIds.get(customer) ?? 0,
    })),
  );
  await tx.insert(users).values(rows);
}
