import { and, desc, eq, isNull } from 'drizzle-orm';
import { scopeFilter, type CustomerScope } from '@server/auth/tenancy';
import type { DbOrTx } from '@server/db/client';
import { devices, modemRequests } from '@server/db/schema';

/** A modem request with its device's IMEI. */
export interface ModemRequestRow {
  id: number;
  imei: string;
  command: string;
  commandType: number;
  created: Date;
  executed: Date | null;
}

const requestColumns = {
  id: modemRequests.id,
  imei: devices.imei,
  command: modemRequests.command,
  commandType: modemRequests.commandType,
  created: modemRequests.created,
  executed: modemRequests.executed,
};

const selectRequests = (db: DbOrTx) =>
  db
    .select(requestColumns)
    .from(modemRequests)
    .innerJoin(devices, eq(devices.id, modemRequests.deviceId));

/** The request with this id, when its device is in the scope. */
export async function findRequestInScope(
  db: DbOrTx,
  scope: CustomerScope,
  id: number,
): Promise<ModemRequestRow | undefined> {
  const [row] = await selectRequests(db).where(
    and(eq(modemRequests.id, id), scopeFilter(scope, devices.customerId)),
  );
  return row;
}

/** A device's requests, newest first. */
export function listRequestsOfDevice(db: DbOrTx, deviceId: number): Promise<ModemRequestRow[]> {
  return selectRequests(db)
    .where(eq(modemRequests.deviceId, deviceId))
    .orderBy(desc(modemRequests.created), desc(modemRequests.id));
}

/** Queues a request; answers its id. */
export async function insertRequest(
  db: DbOrTx,
  deviceId: number,
  command: string,
  commandType: number,
): Promise<number | undefined> {
  const [created] = await db
    .insert(modemRequests)
    .values({ deviceId, command, commandType })
    .returning({ id: modemRequests.id });
  return created?.id;
}

/** Changes a request not yet executed; false when it was executed (checked in the update). */
export async function updatePendingRequest(
  db: DbOrTx,
  id: number,
  command: string,
  commandType: number,
): Promise<boolean> {
  const updated = await db
    .update(modemRequests)
    .set({ command, commandType })
    .where(and(eq(modemRequests.id, id), isNull(modemRequests.executed)))
    .returning({ id: modemRequests.id });
  return updated.length > 0;
}

export async function deleteRequest(db: DbOrTx, id: number): Promise<void> {
  await db.delete(modemRequests).where(eq(modemRequests.id, id));
}
