import { sql } from 'drizzle-orm';
import { MESSAGE_TYPE_IDS } from '../../shared/forward-kinds';
import type { MessageTypeName } from '../../shared/forwards';
import { selectRows, type DbOrTx } from '../db/client';
import type { OutgoingMessage } from './protocols/types';

/**
 * The raw messages as each forward's queue (decision 046): a forward's messages are the raw
 * messages of the devices whose slot for the message's type names the forward, in (xid, id)
 * order, read only below the oldest running transaction. A transaction that started earlier but
 * commits later has a smaller xid than anything above that horizon, so no message is skipped
 * for having committed late; a device's messages keep their order (its batches never overlap).
 */

/** A place in a forward's queue: everything before it (in (xid, id) order) is done. */
export interface QueuePosition {
  /** xid8 as decimal text. */
  xid: string;
  id: number;
}

export interface QueuedMessage extends OutgoingMessage {
  position: QueuePosition;
}

export interface QueueRead {
  messages: QueuedMessage[];
  /** Where the forward stands once these are done: past every row the read looked at. */
  next: QueuePosition;
}

const TYPE_NAMES = new Map<number, MessageTypeName>(
  Object.entries(MESSAGE_TYPE_IDS).map(([name, id]) => [id, name as MessageTypeName]),
);

type Row = [id: number, xid: string, imei: string, type: number, at: string, body: string];

const toMessage = ([id, xid, imei, type, at, body]: Row, replayed: boolean): QueuedMessage => ({
  rawId: id,
  imei,
  messageType: TYPE_NAMES.get(type) ?? 'RT',
  receivedAt: at,
  replayed,
  body,
  position: { xid, id },
});

/** One JSON text for the whole batch: much cheaper than rows converted field by field. */
const ROW_JSON = sql.raw(`json_build_array(rm.id, rm.xid::text, rm.imei, rm.message_type,
  to_char(rm.time_stamp_server at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), rm.message)`);

const OF_FORWARD = (forwardId: number) => sql`join device_forwards df
  on df.device_id = rm.device_id and df.message_type_id = rm.message_type
  and df.forward_id = ${forwardId}`;

/** The next messages of the forward after `from`, at most `limit`. */
export async function readQueue(
  db: DbOrTx,
  forwardId: number,
  from: QueuePosition,
  limit: number,
): Promise<QueueRead> {
  const [row] = await selectRows<{ horizon: string; rows: string }>(
    db,
    sql`with h as (select pg_snapshot_xmin(pg_current_snapshot()) as x)
      select (select x::text from h) as horizon,
        coalesce((select json_agg(b.j order by b.xid, b.id) from (
          select ${ROW_JSON} as j, rm.xid, rm.id from raw_messages rm ${OF_FORWARD(forwardId)}
          where (rm.xid, rm.id) > (${from.xid}::xid8, ${from.id}::bigint)
            and rm.xid < (select x from h)
          order by rm.xid, rm.id limit ${limit}) b), '[]')::text as rows`,
  );
  const rows = JSON.parse(row?.rows ?? '[]') as Row[];
  const messages = rows.map((r) => toMessage(r, false));
  const last = messages.at(-1);
  // A short read looked at everything below the horizon: the forward may move up to it.
  const next =
    messages.length < limit || !last ? { xid: row?.horizon ?? from.xid, id: 0 } : last.position;
  return { messages, next: later(from, next) };
}

/** The later of two positions. */
export function later(a: QueuePosition, b: QueuePosition): QueuePosition {
  const ax = BigInt(a.xid);
  const bx = BigInt(b.xid);
  if (ax !== bx) return ax > bx ? a : b;
  return a.id >= b.id ? a : b;
}

export const samePosition = (a: QueuePosition, b: QueuePosition) =>
  a.xid === b.xid && a.id === b.id;

/** Replayed messages: the forward's messages in an id range and time window, by id. */
export async function readReplay(
  db: DbOrTx,
  forwardId: number,
  replay: { afterId: number; lastId: number; from: Date; to: Date },
  limit: number,
): Promise<QueuedMessage[]> {
  const [row] = await selectRows<{ rows: string }>(
    db,
    sql`select coalesce((select json_agg(b.j order by b.id) from (
          select ${ROW_JSON} as j, rm.id from raw_messages rm ${OF_FORWARD(forwardId)}
          where rm.id > ${replay.afterId} and rm.id <= ${replay.lastId}
            and rm.time_stamp_server >= ${replay.from.toISOString()}::timestamptz
            and rm.time_stamp_server < ${replay.to.toISOString()}::timestamptz
          order by rm.id limit ${limit}) b), '[]')::text as rows`,
  );
  return (JSON.parse(row?.rows ?? '[]') as Row[]).map((r) => toMessage(r, true));
}

/** How many of the forward's messages wait after `from` (up to `cap` + 1), and the oldest's time. */
export async function measureBacklog(
  db: DbOrTx,
  forwardId: number,
  from: QueuePosition,
  cap: number,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await selectRows<{ n: number; oldest: string | null }>(
    db,
    sql`select count(*)::int as n, min(w.at)::text as oldest from (
      select rm.time_stamp_server as at from raw_messages rm ${OF_FORWARD(forwardId)}
      where (rm.xid, rm.id) > (${from.xid}::xid8, ${from.id}::bigint)
      order by rm.xid, rm.id limit ${cap + 1}) w`,
  );
  return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}
