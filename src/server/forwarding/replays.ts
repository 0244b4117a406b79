import { sql } from 'drizzle-orm';
import { selectRows, type DbOrTx } from '@server/db/client';

/**
 * Replays: a forward's messages of a time window sent again, marked as replayed. The window is
 * turned once into a raw-message id range through the primary key (ids grow with receive time,
 * give or take a batch), so neither the count nor the sending needs an index on time.
 */

export interface OpenReplay {
  id: number;
  /** Sent up to this raw message id. */
  afterId: number;
  lastId: number;
  from: Date;
  to: Date;
  sent: number;
}

/** Receive times of concurrent batches may be out of id order by this much at most. */
const SLACK_MS = 5 * 60_000;

/** The first raw message id whose receive time is at or after `at` (binary search by id). */
async function firstIdAtOrAfter(db: DbOrTx, at: Date, low: number, high: number) {
  let lo = low;
  let hi = high + 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const [row] = await selectRows<{ id: string; at: string }>(
      db,
      sql`select id, time_stamp_server::text as at from raw_messages where id >= ${mid}
        order by id limit 1`,
    );
    if (!row || new Date(row.at) >= at) hi = mid;
    else lo = Number(row.id) + 1;
  }
  return lo;
}

/** The id range holding every raw message received in [from, to), or null when none can. */
export async function replayIdRange(db: DbOrTx, from: Date, to: Date) {
  const [bounds] = await selectRows<{ low: string | null; high: string | null }>(
    db,
    sql`select min(id) as low, max(id) as high from raw_messages`,
  );
  if (bounds?.low == null || bounds.high == null) return null;
  const low = Number(bounds.low);
  const high = Number(bounds.high);
  const firstId = await firstIdAtOrAfter(db, new Date(from.getTime() - SLACK_MS), low, high);
  const lastId = (await firstIdAtOrAfter(db, new Date(to.getTime() + SLACK_MS), low, high)) - 1;
  return firstId <= lastId ? { firstId, lastId } : null;
}

/** How many of the forward's messages the window holds. */
export async function countReplay(
  db: DbOrTx,
  forwardId: number,
  range: { firstId: number; lastId: number },
  from: Date,
  to: Date,
): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from raw_messages rm join device_forwards df
        on df.device_id = rm.device_id and df.message_type_id = rm.message_type
        and df.forward_id = ${forwardId}
      where rm.id between ${range.firstId} and ${range.lastId}
        and rm.time_stamp_server >= ${from.toISOString()}::timestamptz
        and rm.time_stamp_server < ${to.toISOString()}::timestamptz`,
  );
  return row?.n ?? 0;
}

/** The open replays of these forwards, oldest first. */
export async function loadOpenReplays(
  db: DbOrTx,
  forwardIds: readonly number[],
): Promise<Map<number, OpenReplay[]>> {
  const byForward = new Map<number, OpenReplay[]>();
  if (forwardIds.length === 0) return byForward;
  const rows = await selectRows<{
    id: string;
    forward_id: number;
    position_id: string;
    last_id: string;
    from_at: string;
    to_at: string;
    sent: number;
  }>(
    db,
    sql`select id, forward_id, position_id, last_id, from_at::text, to_at::text, sent
      from forward_replays where done_at is null
        and forward_id = any(${`{${forwardIds.join(',')}}`}::int[])
      order by id`,
  );
  for (const r of rows) {
    const list = byForward.get(r.forward_id) ?? [];
    list.push({
      id: Number(r.id),
      afterId: Number(r.position_id),
      lastId: Number(r.last_id),
      from: new Date(r.from_at),
      to: new Date(r.to_at),
      sent: r.sent,
    });
    byForward.set(r.forward_id, list);
  }
  return byForward;
}

export async function advanceReplay(
  db: DbOrTx,
  replayId: number,
  afterId: number,
  sent: number,
  done: boolean,
): Promise<void> {
  await db.execute(sql`update forward_replays set position_id = ${afterId},
      sent = sent + ${sent}::int, done_at = case when ${done}::boolean then now() end
    where id = ${replayId}`);
}
