import { and, eq } from 'drizzle-orm';
import { scopeFilter, type CustomerScope } from '@server/auth/tenancy';
import type { DbOrTx } from '@server/db/client';
import {
  deviceForwards,
  devices,
  forwardMessageTypes,
  forwardProtocols,
  forwards,
  messageTypes,
} from '@server/db/schema';

export const listMessageTypes = (db: DbOrTx) => db.select().from(messageTypes);

/** The device's assignments, each with its forward and the forward's protocol name. */
export function assignedForwardsOf(db: DbOrTx, deviceId: number) {
  return db
    .select({
      id: deviceForwards.id,
      messageTypeId: deviceForwards.messageTypeId,
      forward: forwards,
      protocol: forwardProtocols.name,
    })
    .from(deviceForwards)
    .innerJoin(forwards, eq(forwards.id, deviceForwards.forwardId))
    .leftJoin(forwardProtocols, eq(forwardProtocols.id, forwards.protocolId))
    .where(eq(deviceForwards.deviceId, deviceId));
}

export async function findForward(db: DbOrTx, id: number) {
  const [forward] = await db.select().from(forwards).where(eq(forwards.id, id));
  return forward;
}

/** Whether the forward carries messages of that type. */
export async function forwardCarries(
  db: DbOrTx,
  forwardId: number,
  messageTypeId: number,
): Promise<boolean> {
  const rows = await db
    .select()
    .from(forwardMessageTypes)
    .where(
      and(
        eq(forwardMessageTypes.forwardId, forwardId),
        eq(forwardMessageTypes.messageTypeId, messageTypeId),
      ),
    );
  return rows.length > 0;
}

/** Points the device's slot at the forward, creating or replacing the assignment. */
export async function upsertAssignment(
  db: DbOrTx,
  deviceId: number,
  messageTypeId: number,
  forwardId: number,
): Promise<void> {
  await db
    .insert(deviceForwards)
    .values({ deviceId, messageTypeId, forwardId })
    .onConflictDoUpdate({
      target: [deviceForwards.deviceId, deviceForwards.messageTypeId],
      set: { forwardId },
    });
}

/** The assignment with this id and its device, when the device is in the scope. */
export async function findAssignmentInScope(db: DbOrTx, scope: CustomerScope, id: number) {
  const [row] = await db
    .select({
      deviceId: devices.id,
      imei: devices.imei,
      customerId: devices.customerId,
      messageType: messageTypes.name,
    })
    .from(deviceForwards)
    .innerJoin(devices, eq(devices.id, deviceForwards.deviceId))
    .innerJoin(messageTypes, eq(messageTypes.id, deviceForwards.messageTypeId))
    .where(and(eq(deviceForwards.id, id), scopeFilter(scope, devices.customerId)));
  return row;
}

export async function deleteAssignment(db: DbOrTx, id: number): Promise<void> {
  await db.delete(deviceForwards).where(eq(deviceForwards.id, id));
}
