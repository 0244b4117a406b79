import { and, inArray, sql, type SQL } from 'drizzle-orm';
import {
  FAILING_AFTER_ATTEMPTS,
  FAILING_AFTER_MS,
  type ForwardHealth,
  type ForwardState,
} from '@shared/forwards/forward-health';
import type { DbOrTx } from '@server/db/client';
import { forwardCursors, forwards } from '@server/db/schema';

/**
 * Forwards' delivery health as the lease holder recorded it (forward_cursors), with the last
 * 24 hours' counters and the open replays: one row per forward, one statement for a page.
 */

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** Paused by Status 0; else by how long and how often it has been failing. */
export function forwardState(
  status: number,
  attempts: number,
  failingSince: Date | null,
  now = Date.now(),
): ForwardState {
  if (status !== 1) return 'paused';
  if (attempts === 0) return 'delivering';
  const failingFor = failingSince ? now - failingSince.getTime() : 0;
  return attempts >= FAILING_AFTER_ATTEMPTS || failingFor >= FAILING_AFTER_MS
    ? 'failing'
    : 'retrying';
}

const counted = (column: string) =>
  sql<number>`(select coalesce(sum(k.${sql.raw(column)}), 0)::int from forward_counters k
    where k.forward_id = ${forwards.id} and k.bucket > now() - interval '24 hours')`;

/** The health of the forwards matching `where` (ids and the caller's scope). */
export async function readHealth(db: DbOrTx, where: SQL | undefined): Promise<ForwardHealth[]> {
  const rows = await db
    .select({
      id: forwards.id,
      status: forwards.status,
      cursor: forwardCursors,
      delivered: counted('delivered'),
      failed: counted('failed'),
      givenUp: counted('given_up'),
      replayRemaining: sql<number>`(select coalesce(sum(r.total - r.sent), 0)::int
        from forward_replays r where r.forward_id = ${forwards.id} and r.done_at is null)`,
      now: sql<string>`now()`,
    })
    .from(forwards)
    .leftJoin(forwardCursors, sql`${forwardCursors.forwardId} = ${forwards.id}`)
    .where(where)
    .orderBy(forwards.id);
  return rows.map((r) => {
    const c = r.cursor;
    const now = new Date(r.now).getTime();
    const waiting = c !== null && c.backlog > 0 && c.oldestWaitingAt !== null;
    return {
      ForwardId: r.id,
      State: forwardState(r.status, c?.attempts ?? 0, c?.failingSince ?? null, now),
      Backlog: c?.backlog ?? 0,
      BacklogCapped: c?.backlogCapped ?? false,
      LagSeconds: waiting
        ? Math.max(0, Math.round((now - (c.oldestWaitingAt?.getTime() ?? now)) / 1000))
        : null,
      Delivered24h: r.delivered,
      Failed24h: r.failed,
      GivenUp24h: r.givenUp,
      LastDeliveredAt: iso(c?.lastDeliveredAt ?? null),
      LastError: c?.lastError ?? null,
      LastErrorAt: iso(c?.lastErrorAt ?? null),
      NextAttemptAt: c && c.attempts > 0 ? iso(c.nextAttemptAt) : null,
      ReplayRemaining: r.replayRemaining,
    };
  });
}

export const byIds = (ids: readonly number[], scope: SQL | undefined) =>
  and(inArray(forwards.id, [...ids]), scope);
