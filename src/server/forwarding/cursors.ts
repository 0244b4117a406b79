import { sql } from 'drizzle-orm';
import { selectRows, type DbOrTx } from '@server/db/client';
import { HORIZON } from './horizon';
import type { QueuePosition } from './queue';

/**
 * Each forward's row in forward_cursors: its position, the lease that makes one server instance
 * its only sender, and its delivery health. Every write but the claim is conditional on the
 * lease: an instance that lost it (paused too long, another took over) changes nothing.
 */

export interface ClaimedCursor {
  forwardId: number;
  position: QueuePosition;
  attempts: number;
  failingSince: Date | null;
  nextAttemptAt: Date | null;
}

const BUCKET = sql.raw(`date_bin('5 minutes', now(), timestamptz '2000-01-01')`);

/**
 * Gives every forward without a row one at the current horizon (a new forward starts with what
 * arrives from now on), then takes or renews the leases that are free, expired, or this
 * instance's and past half their time.
 */
export async function claimCursors(db: DbOrTx, owner: string, leaseMs: number): Promise<void> {
  await db.execute(sql`insert into forward_cursors (forward_id, position_xid)
    select f.id, ${HORIZON} from forwards f
    where not exists (select 1 from forward_cursors c where c.forward_id = f.id)
    on conflict do nothing`);
  await db.execute(
    sql`update forward_cursors set lease_owner = ${owner},
        lease_until = now() + ${leaseMs}::int * interval '1 millisecond'
      where lease_owner is null or lease_until < now()
        or (lease_owner = ${owner} and lease_until < now() + ${Math.round(leaseMs / 2)}::int * interval '1 millisecond')`,
  );
}

type CursorRow = [number, string, number, number, string | null, string | null];

function cursorsOf(json: string | undefined): ClaimedCursor[] {
  return (JSON.parse(json ?? '[]') as CursorRow[]).map(([id, xid, pid, attempts, since, next]) => ({
    forwardId: id,
    position: { xid, id: pid },
    attempts,
    failingSince: since ? new Date(since) : null,
    nextAttemptAt: next ? new Date(next) : null,
  }));
}

/**
 * The cursors whose lease this instance holds now (after a claim), including those it held
 * before a restart under the same name.
 */
export async function heldCursors(db: DbOrTx, owner: string): Promise<ClaimedCursor[]> {
  const [row] = await selectRows<{ rows: string }>(
    db,
    sql`select coalesce(json_agg(json_build_array(forward_id, position_xid::text, position_id,
      attempts, failing_since, next_attempt_at)), '[]')::text as rows from forward_cursors
      where lease_owner = ${owner} and lease_until > now()`,
  );
  return cursorsOf(row?.rows);
}

/** Lets other instances take this one's forwards at once (shutdown). */
export async function releaseCursors(db: DbOrTx, owner: string): Promise<void> {
  await db.execute(sql`update forward_cursors set lease_owner = null, lease_until = null
    where lease_owner = ${owner}`);
}

/** What a forward delivered (or gave up, or only looked past) since the last flush. */
export interface Progress {
  forwardId: number;
  position: QueuePosition;
  delivered: number;
  givenUp: number;
  /**
   * A send succeeded since the forward's last failure: the write also clears its failures. A
   * position that only moved past other rows must not: written seconds later, it would clear
   * failures recorded meanwhile (the health said retrying while the receiver was still down).
   */
  succeeded: boolean;
}

/**
 * The progress of many forwards in one statement: positions, health reset after a success,
 * counters. Answers
 * the forwards whose lease is still this instance's (the others' progress is not written).
 */
export async function recordProgress(
  db: DbOrTx,
  owner: string,
  progress: readonly Progress[],
): Promise<Set<number>> {
  if (progress.length === 0) return new Set();
  const rows = JSON.stringify(
    progress.map((p) => ({
      f: p.forwardId,
      x: p.position.xid,
      i: p.position.id,
      d: p.delivered,
      g: p.givenUp,
      s: p.succeeded,
    })),
  );
  const [row] = await selectRows<{ ids: string }>(
    db,
    sql`with v as (select * from json_to_recordset(${rows}::json)
        as v(f int, x text, i bigint, d int, g int, s boolean)),
      c as (update forward_cursors c set position_xid = v.x::xid8, position_id = v.i,
          attempts = case when v.s then 0 else c.attempts end,
          failing_since = case when v.s then null else c.failing_since end,
          next_attempt_at = case when v.s then null else c.next_attempt_at end,
          last_delivered_at = case when v.d > 0 then now() else c.last_delivered_at end
        from v where c.forward_id = v.f and c.lease_owner = ${owner}
        returning c.forward_id, v.d, v.g),
      k as (insert into forward_counters (forward_id, bucket, delivered, given_up)
        select forward_id, ${BUCKET}, d, g from c where d > 0 or g > 0
        on conflict (forward_id, bucket) do update set
          delivered = forward_counters.delivered + excluded.delivered,
          given_up = forward_counters.given_up + excluded.given_up)
      select coalesce(json_agg(forward_id), '[]')::text as ids from c`,
  );
  return new Set(JSON.parse(row?.ids ?? '[]') as number[]);
}

/** A failed attempt: the error, the next attempt's time, the batch counted as failed. */
export async function recordFailure(
  db: DbOrTx,
  owner: string,
  forwardId: number,
  failure: { error: string; messages: number; retryInMs: number },
): Promise<boolean> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`with c as (update forward_cursors set attempts = attempts + 1,
        failing_since = coalesce(failing_since, now()),
        next_attempt_at = now() + ${Math.round(failure.retryInMs)}::int * interval '1 millisecond',
        last_error = ${failure.error.slice(0, 1000)}, last_error_at = now()
      where forward_id = ${forwardId} and lease_owner = ${owner} returning forward_id
    ), k as (insert into forward_counters (forward_id, bucket, failed)
      select forward_id, ${BUCKET}, ${failure.messages}::int from c
      on conflict (forward_id, bucket) do update set failed = forward_counters.failed + excluded.failed)
    select count(*)::int as n from c`,
  );
  return (row?.n ?? 0) > 0;
}

/** The backlog as measured by the lease holder. */
export async function recordBacklog(
  db: DbOrTx,
  owner: string,
  forwardId: number,
  backlog: { count: number; capped: boolean; oldest: Date | null },
): Promise<void> {
  await db.execute(sql`update forward_cursors set backlog = ${backlog.count},
      backlog_capped = ${backlog.capped}, oldest_waiting_at = ${backlog.oldest?.toISOString() ?? null}
    where forward_id = ${forwardId} and lease_owner = ${owner}`);
}

/** Counter buckets older than two days go (the health shows 24 hours). */
export async function pruneCounters(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from forward_counters where bucket < now() - interval '2 days'`);
}
