import type { Db } from '../db/client';
import { writeOperatorLog } from '../operator-log/write';
import { FAILING_AFTER_ATTEMPTS } from '../../shared/forward-health';
import { recordDelivered, recordFailure, recordGivenUp } from './cursors';
import type { ForwardConfig } from './forward-configs';
import type { QueuedMessage, QueuePosition } from './queue';
import { later, readQueue, readReplay, samePosition } from './queue';
import { advanceReplay, type OpenReplay } from './replays';
import type { Sender } from './protocols/types';

/** What the engine knows of a forward it holds the lease for. */
export interface HeldForward {
  id: number;
  config: ForwardConfig;
  sender: Sender;
  /** Delivered (or looked past) up to here. */
  position: QueuePosition;
  /** The position last written to the database. */
  persisted: QueuePosition;
  persistedAt: number;
  attempts: number;
  nextAttemptAt: number;
  replays: OpenReplay[];
}

export interface DeliveryContext {
  db: Db;
  owner: string;
  batchSize: number;
  retentionMs: number;
  /** Milliseconds to wait after the n-th failure in a row. */
  retryDelay: (attempts: number) => number;
  /** How long a position that only skipped other forwards' rows may stay unwritten. */
  persistEveryMs: number;
}

/** The outcome of one turn: whether more is waiting right away. */
export type Turn = 'more' | 'idle' | 'failed' | 'lost';

const plural = (n: number) => `${String(n)} message${n === 1 ? '' : 's'}`;

async function log(
  ctx: DeliveryContext,
  forward: HeldForward,
  level: 'Information' | 'Warning' | 'Error',
  text: string,
) {
  await writeOperatorLog(ctx.db, {
    level,
    message: `Forward '${forward.config.name}' ${text}`,
    customerId: forward.config.customerId,
  });
}

/** A failed batch: the error recorded, the next attempt scheduled, the Log told at the edges. */
async function failed(ctx: DeliveryContext, forward: HeldForward, batch: number, error: unknown) {
  const text = error instanceof Error ? error.message : String(error);
  const attempts = forward.attempts + 1;
  const retryInMs = ctx.retryDelay(attempts);
  if (
    !(await recordFailure(ctx.db, ctx.owner, forward.id, {
      error: text,
      messages: batch,
      retryInMs,
    }))
  )
    return 'lost' as const;
  forward.attempts = attempts;
  forward.nextAttemptAt = Date.now() + retryInMs;
  if (attempts === 1)
    await log(ctx, forward, 'Warning', `could not deliver ${plural(batch)}: ${text}; retrying`);
  if (attempts === FAILING_AFTER_ATTEMPTS)
    await log(ctx, forward, 'Error', `is failing after ${String(attempts)} attempts: ${text}`);
  return 'failed' as const;
}

async function delivered(
  ctx: DeliveryContext,
  forward: HeldForward,
  position: QueuePosition,
  n: number,
) {
  const recovered = forward.attempts;
  if (!(await recordDelivered(ctx.db, ctx.owner, forward.id, position, n))) return false;
  forward.position = forward.persisted = position;
  forward.persistedAt = Date.now();
  forward.attempts = 0;
  forward.nextAttemptAt = 0;
  if (recovered > 0)
    await log(
      ctx,
      forward,
      'Information',
      `delivers again after ${String(recovered)} failed attempts`,
    );
  return true;
}

/** Messages past the retention at the head of the batch are given up, counted and logged. */
async function giveUpExpired(
  ctx: DeliveryContext,
  forward: HeldForward,
  messages: QueuedMessage[],
) {
  const limit = Date.now() - ctx.retentionMs;
  let n = 0;
  while (n < messages.length && Date.parse(messages[n]?.receivedAt ?? '') < limit) n++;
  const last = messages[n - 1];
  if (!last) return messages;
  if (!(await recordGivenUp(ctx.db, ctx.owner, forward.id, last.position, n))) return null;
  forward.position = forward.persisted = last.position;
  const days = Math.round(ctx.retentionMs / 86_400_000);
  await log(
    ctx,
    forward,
    'Error',
    `gave up ${plural(n)} older than ${String(days)} days, received from ${messages[0]?.receivedAt ?? ''} to ${last.receivedAt}`,
  );
  return messages.slice(n);
}

/** One batch of the forward's queue. */
export async function deliverLive(ctx: DeliveryContext, forward: HeldForward): Promise<Turn> {
  const read = await readQueue(ctx.db, forward.id, forward.position, ctx.batchSize);
  const messages = await giveUpExpired(ctx, forward, read.messages);
  if (messages === null) return 'lost';
  if (messages.length === 0) {
    // Only other forwards' rows were looked past: move on, and write it now and then.
    forward.position = later(forward.position, read.next);
    const stale = Date.now() - forward.persistedAt > ctx.persistEveryMs;
    if (stale && !samePosition(forward.position, forward.persisted)) {
      if (!(await delivered(ctx, forward, forward.position, 0))) return 'lost';
    }
    return read.messages.length > 0 ? 'more' : 'idle';
  }
  try {
    await forward.sender.send(messages);
  } catch (error) {
    return failed(ctx, forward, messages.length, error);
  }
  if (!(await delivered(ctx, forward, read.next, messages.length))) return 'lost';
  return read.messages.length >= ctx.batchSize ? 'more' : 'idle';
}

/** One batch of the oldest open replay, once the live queue is caught up. */
export async function deliverReplay(ctx: DeliveryContext, forward: HeldForward): Promise<Turn> {
  const replay = forward.replays[0];
  if (!replay) return 'idle';
  const messages = await readReplay(ctx.db, forward.id, replay, ctx.batchSize);
  if (messages.length > 0) {
    try {
      await forward.sender.send(messages);
    } catch (error) {
      return failed(ctx, forward, messages.length, error);
    }
  }
  const done = messages.length < ctx.batchSize;
  const afterId = messages.at(-1)?.rawId ?? replay.lastId;
  await advanceReplay(ctx.db, replay.id, done ? replay.lastId : afterId, messages.length, done);
  if (messages.length > 0 && !(await delivered(ctx, forward, forward.position, messages.length)))
    return 'lost';
  replay.afterId = afterId;
  if (done) {
    forward.replays.shift();
    await log(
      ctx,
      forward,
      'Information',
      `replay ${String(replay.id)} done: ${plural(replay.sent + messages.length)} sent again`,
    );
  }
  replay.sent += messages.length;
  return forward.replays.length > 0 ? 'more' : 'idle';
}
