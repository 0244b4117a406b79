import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { User } from '@shared/access/users';
import { markSessionsRevoked } from '@server/auth/sessions';
import { scopeFilter, type CustomerScope } from '@server/auth/tenancy';
import type { DbOrTx } from '@server/db/client';
import { customers, roles, sessions, users } from '@server/db/schema';
import { featureNamesOf, activeInScope } from '@server/modules/customers';

const userColumns = {
  Id: users.id,
  Email: users.email,
  Role: roles.name,
  RoleId: users.roleId,
  CustomerId: users.customerId,
  Customer: customers.name,
  IsReseller: customers.isReseller,
  Features: featureNamesOf(users.customerId),
};

/** Users of active customers within the scope: the only ones the admin screens show. */
const visible = (scope: CustomerScope): SQL | undefined =>
  and(isNull(customers.deactivatedAt), scopeFilter(scope, users.customerId));

function selectUsers(db: DbOrTx) {
  return db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(customers, eq(customers.id, users.customerId));
}

export async function listUsersOfCustomer(db: DbOrTx, customerId: number): Promise<User[]> {
  return selectUsers(db)
    .where(eq(users.customerId, customerId))
    .orderBy(asc(users.email), asc(users.id));
}

export async function findUser(
  db: DbOrTx,
  id: number,
  scope: CustomerScope,
): Promise<User | undefined> {
  const [row] = await selectUsers(db).where(and(eq(users.id, id), visible(scope)));
  return row;
}

/** The user for a change, locked until the transaction ends. */
export async function lockUser(tx: DbOrTx, id: number, scope: CustomerScope) {
  const [row] = await selectUsers(tx)
    .where(and(eq(users.id, id), visible(scope)))
    .for('update', { of: users });
  return row;
}

/** Whether the customer is active and within the scope. */
export async function customerVisible(
  db: DbOrTx,
  customerId: number,
  scope: CustomerScope,
): Promise<boolean> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), activeInScope(scope)));
  return rows.length > 0;
}

/** The role, share-locked: a concurrent remove waits, then sees it in use. */
export async function findRole(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(eq(roles.id, id))
    .for('key share');
  return row;
}

/** Whether another user (not `exceptId`) has this address, whatever its case. */
export async function emailTaken(db: DbOrTx, email: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.email})`, sql`lower(${email})`),
        exceptId === undefined ? undefined : ne(users.id, exceptId),
      ),
    );
  return rows.length > 0;
}

export type UserValues = Pick<
  typeof users.$inferInsert,
  'email' | 'passwordHash' | 'roleId' | 'customerId'
>;

export async function insertUser(tx: DbOrTx, values: UserValues): Promise<number> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('insert users returned nothing');
  return row.id;
}

export async function updateUser(tx: DbOrTx, id: number, values: Partial<UserValues>) {
  await tx.update(users).set(values).where(eq(users.id, id));
}

/** Marks the user's sessions revoked; `forgetLiveSessions` the ids once the change commits. */
export const revokeUserSessionsIn = (tx: DbOrTx, id: number): Promise<string[]> =>
  markSessionsRevoked(tx, eq(sessions.userId, id));

export async function deleteUser(tx: DbOrTx, id: number) {
  await tx.delete(users).where(eq(users.id, id));
}
