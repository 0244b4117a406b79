import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CompanyCard } from '@shared/tacho/company-cards';
import type { DbOrTx } from '@server/db/client';
import {
  authServers,
  companyCardDevices,
  companyCards,
  customers,
  devices,
} from '@server/db/schema';

const servedImeis = sql<string[]>`coalesce((
  select array_agg(${devices.imei} order by ${devices.imei})
  from ${companyCardDevices} join ${devices} on ${devices.id} = ${companyCardDevices.deviceId}
  where ${companyCardDevices.cardId} = ${companyCards.id}
), '{}')`;

/** Company cards as the API answers them: customer, server name and the IMEIs served. */
export async function selectCompanyCards(db: DbOrTx, where: SQL | undefined) {
  const rows = await db
    .select({
      card: companyCards,
      customer: customers.name,
      server: authServers.name,
      devices: servedImeis,
    })
    .from(companyCards)
    .leftJoin(customers, eq(customers.id, companyCards.customerId))
    .leftJoin(authServers, eq(authServers.id, companyCards.authServerId))
    .where(where)
    .orderBy(asc(companyCards.id));
  return rows.map(({ card: c, ...r }): CompanyCard => ({
    Id: c.id,
    CardNumber: c.cardNumber,
    CompanyName: c.companyName,
    ValidUntil: c.validUntil.toISOString(),
    Customer: r.customer,
    CustomerId: c.customerId,
    AuthServerId: c.authServerId,
    AuthServer: r.server,
    Devices: r.devices,
  }));
}

/** The stored card, locked until the transaction ends (updates and removals). */
export async function lockCompanyCard(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(companyCards).where(eq(companyCards.id, id)).for('update');
  return row;
}

export async function authServerOwner(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ customerId: authServers.customerId })
    .from(authServers)
    .where(eq(authServers.id, id));
  return row;
}

/** How many devices the card serves. */
export async function servedCount(tx: DbOrTx, cardId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(companyCardDevices)
    .where(eq(companyCardDevices.cardId, cardId));
  return row?.n ?? 0;
}

/** The devices of these IMEIs that exist, with their customer. */
export async function devicesByImei(tx: DbOrTx, imeis: readonly string[]) {
  if (imeis.length === 0) return [];
  return tx
    .select({ id: devices.id, imei: devices.imei, customerId: devices.customerId })
    .from(devices)
    .where(inArray(devices.imei, [...imeis]));
}

export type CompanyCardValues = Omit<typeof companyCards.$inferInsert, 'id'>;

export async function insertCompanyCard(tx: DbOrTx, values: CompanyCardValues): Promise<number> {
  const [row] = await tx.insert(companyCards).values(values).returning({ id: companyCards.id });
  if (!row) throw new Error('insert company_cards returned nothing');
  return row.id;
}

export async function updateCompanyCard(tx: DbOrTx, id: number, values: CompanyCardValues) {
  await tx.update(companyCards).set(values).where(eq(companyCards.id, id));
}

/** Replaces the devices the card serves. */
export async function setServedDevices(tx: DbOrTx, cardId: number, deviceIds: readonly number[]) {
  await tx.delete(companyCardDevices).where(eq(companyCardDevices.cardId, cardId));
  if (deviceIds.length === 0) return;
  await tx
    .insert(companyCardDevices)
    .values(deviceIds.map((deviceId) => ({ cardId, deviceId })))
    .onConflictDoNothing();
}

/** Removes the card; the devices it served are let go with it (cascade). */
export async function deleteCompanyCard(tx: DbOrTx, id: number) {
  await tx.delete(companyCards).where(eq(companyCards.id, id));
}

/** A customer by id, active or not (its cards stay listable after deactivation). */
export async function customerExists(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
  return rows.length > 0;
}
