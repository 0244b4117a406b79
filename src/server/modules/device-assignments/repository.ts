import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { scopeFilter, type CustomerScope } from '@server/auth/tenancy';
import type { DbOrTx } from '@server/db/client';
import { configurationGroups, customerConnections, customers, devices } from '@server/db/schema';
import { notFound } from '@server/errors/http-errors';

/** A device as an assignment changes it. */
export interface AssignedDevice {
  id: number;
  imei: string;
  customerId: number | null;
  configurationGroupId: number | null;
}

/**
 * The listed devices in the caller's scope, locked inside the transaction. One IMEI that is
 * missing or another tenant's fails the whole request with 404 before anything is written.
 */
export async function lockDevices(
  tx: DbOrTx,
  scope: CustomerScope,
  imeis: readonly string[],
): Promise<AssignedDevice[]> {
  const wanted = [...new Set(imeis)];
  const rows = await tx
    .select({
      id: devices.id,
      imei: devices.imei,
      customerId: devices.customerId,
      configurationGroupId: devices.configurationGroupId,
    })
    .from(devices)
    .where(and(inArray(devices.imei, wanted), scopeFilter(scope, devices.customerId)))
    .orderBy(asc(devices.id))
    .for('update');
  if (rows.length < wanted.length) {
    const found = new Set(rows.map((r) => r.imei));
    throw notFound(`Device(s) not found: ${wanted.filter((i) => !found.has(i)).join(', ')}`);
  }
  return rows;
}

export async function findCustomer(db: DbOrTx, id: number) {
  const [customer] = await db.select().from(customers).where(eq(customers.id, id));
  return customer;
}

export async function findGroup(db: DbOrTx, id: number) {
  const [group] = await db.select().from(configurationGroups).where(eq(configurationGroups.id, id));
  return group;
}

/** Ends the devices' current customer connections (the history keeps them). */
export async function closeConnections(tx: DbOrTx, deviceIds: number[], at: Date): Promise<void> {
  await tx
    .update(customerConnections)
    .set({ end: at })
    .where(and(inArray(customerConnections.deviceId, deviceIds), isNull(customerConnections.end)));
}

/**
 * Moves the devices to the customer with a new connection each. A group of another customer
 * would leak that customer's configuration: it is cleared; a shared one stays.
 */
export async function moveToCustomer(
  tx: DbOrTx,
  deviceIds: number[],
  customerId: number,
  at: Date,
): Promise<void> {
  await tx
    .insert(customerConnections)
    .values(deviceIds.map((deviceId) => ({ deviceId, customerId, start: at })));
  const foreignGroups = sql`select ${configurationGroups.id} from ${configurationGroups}
    where ${configurationGroups.customerId} <> ${customerId}`;
  await tx
    .update(devices)
    .set({
      customerId,
      configurationGroupId: sql`case when ${devices.configurationGroupId} in (${foreignGroups})
        then null else ${devices.configurationGroupId} end`,
    })
    .where(inArray(devices.id, deviceIds));
}

/** Sets customer and group of the devices (null: none). */
export async function setAssignment(
  tx: DbOrTx,
  deviceIds: number[],
  values: { customerId?: null; configurationGroupId: number | null },
): Promise<void> {
  await tx.update(devices).set(values).where(inArray(devices.id, deviceIds));
}

/** The device's customer connections, newest first. */
export function customerConnectionsOf(db: DbOrTx, deviceId: number) {
  return db
    .select({
      customer: customers.name,
      customerId: customerConnections.customerId,
      start: customerConnections.start,
      end: customerConnections.end,
    })
    .from(customerConnections)
    .innerJoin(customers, eq(customers.id, customerConnections.customerId))
    .where(eq(customerConnections.deviceId, deviceId))
    .orderBy(desc(customerConnections.start), desc(customerConnections.id));
}
