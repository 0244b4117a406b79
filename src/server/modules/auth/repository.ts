import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customerFeatures, customers, features, roles, users } from '../../db/schema';
import { scopeFilter, type CustomerScope } from '../../auth/tenancy';
import type { RoleName } from '../../../shared/roles';

export interface UserRecord {
  id: number;
  email: string;
  passwordHash: string;
  role: RoleName;
  customerId: number;
  customer: string;
  isReseller: boolean;
  features: string[];
}

const featureNames = sql<string[]>`coalesce((
  select array_agg(${features.name} order by ${features.name})
  from ${customerFeatures} join ${features} on ${features.id} = ${customerFeatures.featureId}
  where ${customerFeatures.customerId} = ${users.customerId}
), '{}')`;

const userColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  role: sql<RoleName>`${roles.name}`,
  customerId: users.customerId,
  customer: customers.name,
  isReseller: users.isReseller,
  features: featureNames,
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
