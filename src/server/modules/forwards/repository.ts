import { and, asc, countDistinct, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  MESSAGE_TYPES,
  type Forward,
  type ForwardProtocol,
  type MessageTypeEntry,
} from '@shared/forwards/forwards';
import type { Caller } from '@server/auth/tokens';
import type { Db, DbOrTx } from '@server/db/client';
import {
  customers,
  deviceForwards,
  forwardMessageTypes,
  forwardProtocols,
  forwards,
  messageTypes,
} from '@server/db/schema';
import { HORIZON } from '@server/forwarding/horizon';
import { shownSecret } from './secrets';

const carriedTypes = sql<MessageTypeEntry[]>`coalesce((
  select json_agg(json_build_object('MessageTypeId', ${messageTypes.id}, 'MessageType', ${messageTypes.name})
    order by ${messageTypes.id})
  from ${forwardMessageTypes} join ${messageTypes} on ${messageTypes.id} = ${forwardMessageTypes.messageTypeId}
  where ${forwardMessageTypes.forwardId} = ${forwards.id}
), '[]'::json)`;

const deviceCount = sql<number>`(select count(distinct ${deviceForwards.deviceId})::int
  from ${deviceForwards} where ${deviceForwards.forwardId} = ${forwards.id})`;

/** Forwards as lists answer them, with their joins; the caller adds where, order and limit. */
export const selectForwards = (db: DbOrTx) =>
  db
    .select({
      forward: forwards,
      customer: customers.name,
      protocol: forwardProtocols.name,
      messageTypes: carriedTypes,
      devices: deviceCount,
    })
    .from(forwards)
    .leftJoin(customers, eq(customers.id, forwards.customerId))
    .leftJoin(forwardProtocols, eq(forwardProtocols.id, forwards.protocolId))
    .$dynamic();

export type ForwardRow = Awaited<ReturnType<typeof selectForwards>>[number];

/** The answer for a forward, its secrets as the caller may see them (masked, null for Viewers). */
export function toForward({ forward: f, ...r }: ForwardRow, caller: Caller): Forward {
  return {
    Id: f.id,
    CustomerId: f.customerId,
    Customer: r.customer,
    Name: f.name,
    IP: f.ip,
    Port: f.port,
    Username: f.username,
    Password: shownSecret(f.password, caller),
    API_KEY: shownSecret(f.apiKey, caller),
    Auth: shownSecret(f.auth, caller),
    Status: f.status,
    Protocol: r.protocol,
    MessageTypes: r.messageTypes,
    Protocols:
      f.protocolId === null || r.protocol === null
        ? []
        : [{ ProtocolId: f.protocolId, Protocol: r.protocol }],
    Amountdevices: r.devices,
    IntegrationType: f.integrationType,
  };
}

/** One forward matching `where` (its id and the caller's scope), as the caller may see it. */
export async function findForward(
  db: DbOrTx,
  where: SQL | undefined,
  caller: Caller,
): Promise<Forward | undefined> {
  const [row] = await selectForwards(db).where(where).limit(1);
  return row && toForward(row, caller);
}

/** The stored forward, locked until the transaction ends (updates and removals). */
export async function lockForward(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(forwards).where(eq(forwards.id, id)).for('update');
  return row;
}

export type StoredForward = NonNullable<Awaited<ReturnType<typeof lockForward>>>;

/** The message types a forward carries, by id. */
export async function carriedTypeIds(tx: DbOrTx, forwardId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: forwardMessageTypes.messageTypeId })
    .from(forwardMessageTypes)
    .where(eq(forwardMessageTypes.forwardId, forwardId));
  return rows.map((r) => r.id);
}

/** How many devices use the forward, in any slot or in the slots of these message types. */
export async function devicesUsing(
  tx: DbOrTx,
  forwardId: number,
  messageTypeIds?: readonly number[],
): Promise<number> {
  const [row] = await tx
    .select({ n: countDistinct(deviceForwards.deviceId) })
    .from(deviceForwards)
    .where(
      and(
        eq(deviceForwards.forwardId, forwardId),
        messageTypeIds && inArray(deviceForwards.messageTypeId, [...messageTypeIds]),
      ),
    );
  return row?.n ?? 0;
}

export type ForwardValues = Omit<typeof forwards.$inferInsert, 'id'>;

/** Replaces the message types a forward carries. */
async function setCarriedTypes(tx: DbOrTx, forwardId: number, messageTypeIds: readonly number[]) {
  await tx.delete(forwardMessageTypes).where(eq(forwardMessageTypes.forwardId, forwardId));
  if (messageTypeIds.length === 0) return;
  await tx
    .insert(forwardMessageTypes)
    .values(messageTypeIds.map((messageTypeId) => ({ forwardId, messageTypeId })));
}

export async function insertForward(
  tx: DbOrTx,
  values: ForwardValues,
  messageTypeIds: readonly number[],
): Promise<number> {
  const [row] = await tx.insert(forwards).values(values).returning({ id: forwards.id });
  if (!row) throw new Error('insert forwards returned nothing');
  await setCarriedTypes(tx, row.id, messageTypeIds);
  // Its place in the message queue: it carries what is stored from now on (decision 046).
  await tx.execute(sql`insert into forward_cursors (forward_id, position_xid)
    values (${row.id}, ${HORIZON})`);
  return row.id;
}

export async function updateForward(
  tx: DbOrTx,
  id: number,
  values: Partial<ForwardValues>,
  messageTypeIds: readonly number[],
): Promise<void> {
  await tx.update(forwards).set(values).where(eq(forwards.id, id));
  await setCarriedTypes(tx, id, messageTypeIds);
}

/** Removes the forward; its device slots (device_forwards) and message types go with it. */
export async function deleteForward(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(forwards).where(eq(forwards.id, id));
}

export async function listProtocols(db: Db): Promise<ForwardProtocol[]> {
  return db
    .select({ ProtocolId: forwardProtocols.id, Protocol: forwardProtocols.name })
    .from(forwardProtocols)
    .orderBy(asc(forwardProtocols.id));
}

/** In the order of a device's forward slots (TD, RT, TC, TL), not by id. */
export async function listMessageTypes(db: Db): Promise<MessageTypeEntry[]> {
  const rows = await db
    .select({ MessageTypeId: messageTypes.id, MessageType: messageTypes.name })
    .from(messageTypes);
  const slot = (row: MessageTypeEntry) =>
    (MESSAGE_TYPES as readonly string[]).indexOf(row.MessageType) >>> 0;
  return rows.sort((a, b) => slot(a) - slot(b) || a.MessageTypeId - b.MessageTypeId);
}
