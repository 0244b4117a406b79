import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { CustomerScope } from '@server/auth/tenancy';
import type { Db, DbOrTx } from '@server/db/client';
import { badRequest, HttpError } from '@server/errors/http-errors';
import { claimKey, completeKey, findKey, pruneKeys, requestHash } from './idempotency-store';
import { IDEMPOTENCY_HEADER } from '@shared/api/idempotency';

export const KEY_MESSAGE = `${IDEMPOTENCY_HEADER} must be 1 to 200 printable characters`;
export const KEY_REUSED = `This ${IDEMPOTENCY_HEADER} was already used for a different request`;
export const KEY_BUSY = `This ${IDEMPOTENCY_HEADER} is busy; please retry`;
/** Marks an answer that comes from the store rather than a new write. */
export const REPLAYED_HEADER = 'idempotent-replayed';
const JSON_TYPE = 'application/json; charset=utf-8';

const KeySchema = v.pipe(
  v.string(KEY_MESSAGE),
  v.minLength(1, KEY_MESSAGE),
  v.maxLength(200, KEY_MESSAGE),
  v.regex(/^[\x20-\x7e]+$/, KEY_MESSAGE),
);

/** The header on write routes, for the OpenAPI document (the rule is checked by `withIdempotency`). */
export const IdempotencyHeadersSchema = v.looseObject({
  'idempotency-key': v.optional(
    v.pipe(
      v.string(),
      v.description(
        'Client-generated id of this write (1–200 printable characters). A replay with the same ' +
          'key answers the stored response without writing again; another request with it is 422.',
      ),
    ),
  ),
});

/** The header's key, undefined without one; a malformed one is 400. */
function keyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  const parsed = v.safeParse(KeySchema, raw);
  if (!parsed.success) throw badRequest({ [IDEMPOTENCY_HEADER]: KEY_MESSAGE });
  return parsed.output;
}

export type Write<T> = (tx: DbOrTx, scope: CustomerScope) => Promise<T>;

/**
 * Runs a write exactly once per (user, Idempotency-Key). With the header, the key row is inserted
 * first in one transaction with the write and its answer; a replay (or a concurrent twin, which
 * waits on the key's primary key) gets the stored status and body. A failed write throws, rolls
 * the key back with it, and may be retried. Without the header the write runs as before.
 * The scope is resolved before the transaction: on PGlite's single connection a query outside
 * the transaction would wait for it forever, so `write` must use only `tx`.
 */
export async function withIdempotency<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  write: Write<T>,
): Promise<T | FastifyReply> {
  const key = keyOf(request);
  const scope = await request.scope();
  if (key === undefined) return write(db, scope);

  const { userId } = request.caller;
  // Only a validated body is part of the request; one no schema reads (a DELETE's) may be any
  // JSON at all, nested deeper than hashing it could go.
  const body = request.routeOptions.schema?.body ? request.body : null;
  const hash = requestHash(request.method, request.url, body);
  const outcome = await db.transaction(async (tx) => {
    const claimed = await claimKey(tx, {
      userId,
      key,
      method: request.method,
      path: request.url,
      requestHash: hash,
    });
    if (!claimed) return { fresh: false as const, stored: await findKey(tx, userId, key) };
    // The status after the write: a write may set its own (201 for a new remote download).
    const body = JSON.stringify((await write(tx, scope)) ?? null);
    const response = { statusCode: reply.statusCode, body, contentType: JSON_TYPE };
    await completeKey(tx, userId, key, response);
    return { fresh: true as const, response };
  });

  if (outcome.fresh) {
    const { statusCode, contentType, body } = outcome.response;
    return reply.code(statusCode).type(contentType).send(body);
  }
  const { stored } = outcome;
  // Rows become visible only on commit, with their response; a missing one was pruned meanwhile.
  if (!stored || stored.statusCode === null || stored.responseBody === null)
    throw new HttpError(409, KEY_BUSY);
  if (stored.requestHash !== hash) throw new HttpError(422, KEY_REUSED);
  return reply
    .code(stored.statusCode)
    .type(stored.responseContentType ?? JSON_TYPE)
    .header(REPLAYED_HEADER, 'true')
    .send(stored.responseBody);
}

/** Prunes expired keys when the server starts and then daily, off the write path. */
export function registerIdempotencyPruning(
  app: FastifyInstance,
  db: Db,
  everyMs = 86_400_000,
): void {
  let timer: NodeJS.Timeout | undefined;
  const prune = () =>
    pruneKeys(db).catch((error: unknown) => {
      app.log.warn({ err: error }, 'pruning idempotency keys failed');
      return 0;
    });
  app.addHook('onReady', async () => {
    await prune();
    timer = setInterval(() => void prune(), everyMs);
    timer.unref();
  });
  app.addHook('onClose', () => {
    clearInterval(timer);
    return Promise.resolve();
  });
}
