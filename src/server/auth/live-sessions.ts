// Which sessions this process believes live, and revoking them (docs/decisions/023).
import { and, isNull, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '@server/db/client';
import { sessions } from '@server/db/schema';

/**
 * Sessions found live, per process, for a few seconds: the guard would otherwise ask the database
 * on every request. Revocations made here evict at once; the generation keeps a lookup that raced
 * a revocation from caching its stale answer.
 */
export const liveSessions = {
  entries: new Map<string, { userId: number; until: number }>(),
  generation: 0,
  maxEntries: 10_000,
};

/** Drops sessions from the cache so their revocation takes effect with the next request. */
export function forgetLiveSessions(ids: readonly string[]): void {
  for (const id of ids) liveSessions.entries.delete(id);
  liveSessions.generation++;
}

/**
 * Marks matching live sessions revoked; returns their ids. Call `forgetLiveSessions` with them
 * after the transaction commits (`revokeSessions` does both outside a transaction).
 */
export async function markSessionsRevoked(
  db: DbOrTx,
  condition: SQL,
  at = new Date(),
): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(condition, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

export async function revokeSessions(db: Db, condition: SQL, at = new Date()): Promise<number> {
  const ids = await markSessionsRevoked(db, condition, at);
  forgetLiveSessions(ids);
  return ids.length;
}
