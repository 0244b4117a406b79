import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';

/** A stored message as the counters see it; `customerId` null means an unassigned device. */
export interface CountedMessage {
  customerId: number | null;
  at: Date;
  validJson: boolean;
}

/**
 * Adds messages to the per-customer daily counters (UTC days). Runs in the caller's
 * transaction so the counters never disagree with the stored messages.
 */
export async function countMessages(
  tx: DbOrTx,
  messages: readonly CountedMessage[],
): Promise<void> {
  const buckets = new Map<
    string,
    { customerId: number; day: string; total: number; invalid: number; last: Date }
  >();
  for (const m of messages) {
    const customerId = m.customerId ?? 0;
    const day = m.at.toISOString().slice(0, 10);
    const key = `${customerId}|${day}`;
    const bucket = buckets.get(key) ?? { customerId, day, total: 0, invalid: 0, last: m.at };
    bucket.total += 1;
    if (!m.validJson) bucket.invalid += 1;
    if (m.at > bucket.last) bucket.last = m.at;
    buckets.set(key, bucket);
  }
  if (buckets.size === 0) return;
  const values = sql.join(
    [...buckets.values()].map(
      (b) =>
        sql`(${b.customerId}, ${b.day}::date, ${b.total}, ${b.invalid}, ${b.last.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into message_counts_daily (customer_id, day, total, invalid, last_msg)
    values ${values}
    on conflict (customer_id, day) do update set
      total = message_counts_daily.total + excluded.total,
      invalid = message_counts_daily.invalid + excluded.invalid,
      last_msg = greatest(message_counts_daily.last_msg, excluded.last_msg)`);
}

/** Recomputes every counter from the stored messages (after bulk loads such as the seed). */
export async function rebuildMessageCounters(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`delete from message_counts_daily`);
  await tx.execute(sql`
    insert into message_counts_daily (customer_id, day, total, invalid, last_msg)
    select coalesce(d.customer_id, 0), (r.time_stamp_server at time zone 'UTC')::date,
           count(*), count(*) filter (where not r.valid_json), max(r.time_stamp_server)
    from raw_messages r left join devices d on d.id = r.device_id
    group by 1, 2`);
}
