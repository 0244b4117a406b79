import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Customer, RtdIntegration } from '@shared/customers/customers';
import { scopeFilter, type CustomerScope } from '@server/auth/tenancy';
import { markSessionsRevoked } from '@server/auth/sessions';
import type { DbOrTx } from '@server/db/client';
import { featureNamesOf } from './feature-names';
import {
  customerFeatures,
  customers,
  features,
  rtdIntegrations,
  sessions,
  users,
} from '@server/db/schema';

const mainResellers = alias(customers, 'main_resellers');

// Spelled out: the subqueries must name the outer row, and a bare "id" would be their own table's.
const outerId = sql.raw('"customers"."id"');
const featureIds = sql<number[]>`coalesce((
  select array_agg(${customerFeatures.featureId} order by ${customerFeatures.featureId})
  from ${customerFeatures} where ${customerFeatures.customerId} = ${outerId}
), '{}')`;

const customerColumns = {
  Id: customers.id,
  Name: customers.name,
  Country: customers.country,
  IsReseller: customers.isReseller,
  Reseller: customers.resellerId,
  ResellerName: mainResellers.name,
  Email: customers.email,
  Features: featureNamesOf(outerId),
  FeatureIds: featureIds,
  RTDInterval: customers.rtdInterval,
  RTDIntegration: customers.rtdIntegration,
  RTDIntegrationId: customers.rtdIntegrationId,
  Integration: rtdIntegrations.name,
  RTDIntCustId: customers.rtdIntCustId,
  Start: customers.start,
  TachoRequestDays: customers.tachoRequestDays,
};

/** Customers that are not deactivated, within the scope. */
export const activeInScope = (scope: CustomerScope): SQL | undefined =>
  and(isNull(customers.deactivatedAt), scopeFilter(scope, customers.id));

/** Customers as the list and every selector show them, by name. */
export async function listCustomers(db: DbOrTx, where: SQL | undefined): Promise<Customer[]> {
  return db
    .select(customerColumns)
    .from(customers)
    .leftJoin(mainResellers, eq(mainResellers.id, customers.resellerId))
    .leftJoin(rtdIntegrations, eq(rtdIntegrations.id, customers.rtdIntegrationId))
    .where(where)
    .orderBy(asc(customers.name), asc(customers.id));
}

export async function findCustomer(
  db: DbOrTx,
  id: number,
  scope: CustomerScope,
): Promise<Customer | undefined> {
  const [row] = await listCustomers(db, and(eq(customers.id, id), activeInScope(scope)));
  return row;
}

const resellerSettings = (tx: DbOrTx, where: SQL | undefined) =>
  tx
    .select({
      id: customers.id,
      isReseller: customers.isReseller,
      resellerId: customers.resellerId,
    })
    .from(customers)
    .where(where);

/** The stored reseller settings of an active customer in scope, locked for the change. */
export async function lockCustomer(tx: DbOrTx, id: number, scope: CustomerScope) {
  const where = and(eq(customers.id, id), activeInScope(scope));
  const [row] = await resellerSettings(tx, where).for('update');
  return row;
}

/** An active customer of any tenant (admins choose main resellers from all). */
export async function findActive(tx: DbOrTx, id: number) {
  const where = and(eq(customers.id, id), isNull(customers.deactivatedAt));
  const [row] = await resellerSettings(tx, where);
  return row;
}

export type CustomerValues = Omit<typeof customers.$inferInsert, 'id' | 'createdAt'>;

export async function insertCustomer(tx: DbOrTx, values: CustomerValues): Promise<number> {
  const [row] = await tx.insert(customers).values(values).returning({ id: customers.id });
  if (!row) throw new Error('insert customers returned nothing');
  return row.id;
}

export async function updateCustomer(tx: DbOrTx, id: number, values: Partial<CustomerValues>) {
  await tx.update(customers).set(values).where(eq(customers.id, id));
}

export async function featureIdsOf(tx: DbOrTx, customerId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: customerFeatures.featureId })
    .from(customerFeatures)
    .where(eq(customerFeatures.customerId, customerId));
  return rows.map((r) => r.id);
}

/** Of these feature ids, the ones that exist, share-locked so none is removed meanwhile. */
export async function existingFeatures(tx: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select({ id: features.id })
    .from(features)
    .where(inArray(features.id, [...ids]))
    .for('key share');
  return rows.map((r) => r.id);
}

export async function replaceFeatures(tx: DbOrTx, customerId: number, ids: readonly number[]) {
  await tx.delete(customerFeatures).where(eq(customerFeatures.customerId, customerId));
  if (ids.length) {
    await tx.insert(customerFeatures).values(ids.map((featureId) => ({ customerId, featureId })));
  }
}

export async function integrationExists(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await tx
    .select({ id: rtdIntegrations.id })
    .from(rtdIntegrations)
    .where(eq(rtdIntegrations.id, id));
  return rows.length > 0;
}

export async function listIntegrations(db: DbOrTx): Promise<RtdIntegration[]> {
  return db
    .select({ Id: rtdIntegrations.id, Name: rtdIntegrations.name })
    .from(rtdIntegrations)
    .orderBy(asc(sql`lower(${rtdIntegrations.name})`), asc(rtdIntegrations.id));
}

/**
 * Deactivates the customer and revokes its users' sessions in the same transaction; returns the
 * revoked session ids, for `forgetLiveSessions` once it commits.
 */
export async function deactivateCustomer(tx: DbOrTx, id: number, at: Date): Promise<string[]> {
  await tx.update(customers).set({ deactivatedAt: at }).where(eq(customers.id, id));
  const ofCustomer = tx.select({ id: users.id }).from(users).where(eq(users.customerId, id));
  return markSessionsRevoked(tx, inArray(sessions.userId, ofCustomer), at);
}

/** An active customer by id (the owner of a forward, auth server, company card or custom test data must be one). */
export async function activeCustomerExists(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deactivatedAt)));
  return rows.length > 0;
}
