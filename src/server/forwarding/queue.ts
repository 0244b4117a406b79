import { sql } from 'drizzle-orm';
import { MESSAGE_TYPE_IDS } from '@shared/forwards/forward-kinds';
import type { MessageTypeName } from '@shared/forwards/forwards';
import { selectRows, type DbOrTx } from '@server/db/client';
import { HORIZON } from './horizon';
import type { OutgoingMessage } from './protocols/types';

/**
 * The raw messages as each forward's queue (decision 046): a forward's messages are the raw
 * messages of the devices whose slot for the message's type names the forward, in (xid, id)
 * order, read only below the horizon: the oldest transaction still running in this database
 * (horizon.ts). A transaction that started earlier but commits later has a smaller xid than
 * anything above that horizon, so no message is skipped for having committed late; a device's
 * messages keep their order (its batches never overlap).
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
const rowJson = (t: string) =>
  sql.raw(`${t}.id, ${t}.xid::text, ${t}.imei, ${t}.message_type,
  to_char(${t}.time_stamp_server at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), ${t}.message`);
const ROW_JSON = sql`json_build_array(${rowJson('rm')})`;
const ROW_JSON_OF_S = rowJson('s');

const OF_FORWARD = (forwardId: number) => sql`join device_forwards df
  on df.device_id = rm.device_id and df.message_type_id = rm.message_type
  and df.forward_id = ${forwardId}`;

/** Messages of several forwards read together, and where the read stopped looking. */
export interface SharedRead {
  /** By forward id, oldest first. */
  messages: Map<number, QueuedMessage[]>;
  /** Every row before this was looked at (for the forwards of the read). */
  next: QueuePosition;
  /** The scan stopped at its limit: more may be waiting right away. */
  full: boolean;
}

type SharedRow = [forwardId: number, ...Row];

/**
 * The next `scan` raw messages after `from` (below the horizon), and those of them each of the
 * forwards carries. One read serves every forward at the same place in the queue, so a message is
 * looked at once however many forwards there are; the scan limit bounds the cost of a read
 * whatever the forwards' share of the rows (the plan is an index range scan, never a sort of the
 * whole backlog).
 */
export async function readShared(
  db: DbOrTx,
  forwardIds: readonly number[],
  from: QueuePosition,
  scan: number,
): Promise<SharedRead> {
  const [row] = await selectRows<{
    horizon: string;
    scanned: number;
    last: string | null;
    rows: string;
  }>(
    db,
    sql`with h as (select ${HORIZON} as x),
      s as materialized (select rm.id, rm.xid, rm.imei, rm.device_id, rm.message_type,
          rm.time_stamp_server, rm.message from raw_messages rm
        where (rm.xid, rm.id) > (${from.xid}::xid8, ${from.id}::bigint)
          and rm.xid < (select x from h)
        order by rm.xid, rm.id limit ${scan})
      select (select x::text from h) as horizon, (select count(*)::int from s) as scanned,
        (select s.xid::text || ':' || s.id from s order by s.xid desc, s.id desc limit 1) as last,
        coalesce((select json_agg(json_build_array(df.forward_id, ${ROW_JSON_OF_S}) order by s.xid, s.id)
          from s join device_forwards df on df.device_id = s.device_id
            and df.message_type_id = s.message_type
            and df.forward_id = any(${`{${forwardIds.join(',')}}`}::int[])), '[]')::text as rows`,
  );
  const messages = new Map<number, QueuedMessage[]>();
  for (const [forwardId, ...rest] of JSON.parse(row?.rows ?? '[]') as SharedRow[]) {
    const list = messages.get(forwardId) ?? [];
    list.push(toMessage(rest, false));
    messages.set(forwardId, list);
  }
  const full = (row?.scanned ?? 0) >= scan;
  const [lastXid = from.xid, lastId = '0'] = (row?.last ?? '').split(':');
  const next = full
    ? { xid: lastXid, id: Number(lastId) }
    : { xid: row?.horizon ?? from.xid, id: 0 };
  return { messages, next: later(from, next), full };
}

/** The later of two positions. */
export function later(a: QueuePosition, b: QueuePosition): QueuePosition {
  const ax = BigInt(a.xid);
  const bx = BigInt(b.xid);
  if (ax !== bx) return ax > bx ? a : b;
  return a.id >= b.id ? a : b;
}

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
