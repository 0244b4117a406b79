import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { idempotencyKeys } from '@server/db/schema';

/** Stored responses are kept at least this long, so an outbox may replay after a month offline. */
export const IDEMPOTENCY_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

export interface KeyClaim {
  userId: number;
  key: string;
  method: string;
  path: string;
  requestHash: string;
}

export interface StoredResponse {
  statusCode: number;
  body: string;
  contentType: string;
}

/** Objects with their keys sorted, so two encodings of the same body hash alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, canonical(v)]),
  );
}

/** SHA-256 of method, path and body: what "the same request" means for a replayed key. */
export function requestHash(method: string, path: string, body: unknown): string {
  const text = JSON.stringify([method.toUpperCase(), path, canonical(body ?? null)]);
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Inserts the key row; true when this caller owns the key now. On PostgreSQL an insert that
 * meets an uncommitted row of the same key waits for that transaction to end, which is what
 * serialises concurrent replays. Call it first in the transaction of the write.
 */
export async function claimKey(tx: DbOrTx, claim: KeyClaim): Promise<boolean> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values(claim)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}

export async function findKey(tx: DbOrTx, userId: number, key: string) {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/** Records the response of the claimed key (same transaction as the claim and the write). */
export async function completeKey(
  tx: DbOrTx,
  userId: number,
  key: string,
  response: StoredResponse,
  at = new Date(),
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({
      statusCode: response.statusCode,
      responseBody: response.body,
      responseContentType: response.contentType,
      completedAt: at,
    })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Deletes keys older than the retention; answers how many went. */
export async function pruneKeys(
  db: DbOrTx,
  now = new Date(),
  retentionDays = IDEMPOTENCY_RETENTION_DAYS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
