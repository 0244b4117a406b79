import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { customers, roles, users } from '@server/db/schema';
import { featureNamesOf } from '@server/modules/customers';
import { scopeFilter, type CustomerScope } from '@server/auth/tenancy';

export interface UserRecord {
  id: number;
  email: string;
  passwordHash: string;
  /** The role's name: a built-in one or a custom role (permissions.ts `roleClass`). */
  role: string;
  customerId: number;
  customer: string;
  /** The customer's flag: a user is a reseller exactly when its customer is. */
  isReseller: boolean;
  /** Its customer was deactivated: it may not sign in. */
  deactivated: boolean;
  features: string[];
}

const userColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  role: roles.name,
  customerId: users.customerId,
  customer: customers.name,
  isReseller: customers.isReseller,
  deactivated: sql<boolean>`${customers.deactivatedAt} is not null`,
  features: featureNamesOf(users.customerId),
};

function selectUsers(db: DbOrTx) {
  return db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(customers, eq(customers.id, users.customerId));
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRecord | undefined> {
  const rows = await selectUsers(db).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return rows[0];
}

export async function findUserInScope(
  db: DbOrTx,
  id: number,
  scope: CustomerScope,
): Promise<UserRecord | undefined> {
  const rows = await selectUsers(db).where(
    and(eq(users.id, id), scopeFilter(scope, users.customerId)),
  );
  return rows[0];
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRecord | undefined> {
  const rows = await selectUsers(db).where(eq(users.id, id));
  return rows[0];
}
