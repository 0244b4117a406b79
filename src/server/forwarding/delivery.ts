import type { Db } from '@server/db/client';
import { writeOperatorLog } from '@server/operator-log/write';
import { FAILING_AFTER_ATTEMPTS } from '@shared/forwards/forward-health';
import { recordFailure, recordProgress, type Progress } from './cursors';
import type { ForwardConfig } from './forward-configs';
import type { QueuedMessage, QueuePosition } from './queue';
import { readReplay } from './queue';
import { advanceReplay, type OpenReplay } from './replays';
import type { Sender } from './protocols/types';

/** What the engine knows of a forward it holds the lease for. */
export interface HeldForward {
  id: number;
  config: ForwardConfig;
  sender: Sender;
  /** Delivered (or looked past) up to here. */
  position: QueuePosition;
  /** Progress not written yet (the next flush writes it). */
  unwritten: Progress | null;
  writtenAt: number;
  /** The last read reached the horizon: it moves with the other forwards at the front. */
  caughtUp: boolean;
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
  /** A forward delivers again after failures: others waiting on the same receiver try now. */
  recovered(forward: HeldForward): void;
}

const plural = (n: number) => `${String(n)} message${n === 1 ? '' : 's'}`;
const days = (ms: number) => String(Math.round(ms / 86_400_000));

function log(
  ctx: DeliveryContext,
  forward: HeldForward,
  level: 'Information' | 'Warning' | 'Error',
  text: string,
) {
  return writeOperatorLog(ctx.db, {
    level,
    message: `Forward '${forward.config.name}' ${text}`,
    customerId: forward.config.customerId,
  });
}

/** A failed batch: the error recorded, the next attempt scheduled, the Log told at the edges. */
async function failed(ctx: DeliveryContext, forward: HeldForward, batch: number, error: unknown) {
  const text = error instanceof Error ? error.message : String(error);
  // A success not written yet is older than this failure: its write must not clear it.
  if (forward.unwritten) forward.unwritten.succeeded = false;
  const attempts = forward.attempts + 1;
  const retryInMs = ctx.retryDelay(attempts);
  forward.caughtUp = false;
  if (
    !(await recordFailure(ctx.db, ctx.owner, forward.id, {
      error: text,
      messages: batch,
      retryInMs,
    }))
  )
    return false;
  forward.attempts = attempts;
  forward.nextAttemptAt = Date.now() + retryInMs;
  if (attempts === 1)
    await log(ctx, forward, 'Warning', `could not deliver ${plural(batch)}: ${text}; retrying`);
  if (attempts === FAILING_AFTER_ATTEMPTS)
    await log(ctx, forward, 'Error', `is failing after ${String(attempts)} attempts: ${text}`);
  return true;
}

/** Moves the forward on, adding to what the next flush writes; `succeeded`: after a send. */
export function progressed(
  forward: HeldForward,
  position: QueuePosition,
  delivered: number,
  givenUp: number,
  succeeded = false,
) {
  const before = forward.unwritten;
  forward.position = position;
  forward.unwritten = {
    forwardId: forward.id,
    position,
    delivered: (before?.delivered ?? 0) + delivered,
    givenUp: (before?.givenUp ?? 0) + givenUp,
    succeeded: (before?.succeeded ?? false) || succeeded,
  };
}

/**
 * Sends the forward its share of a read. Messages past the retention are given up instead of
 * sent. On success the forward moves to where the read stopped; false when the send failed.
 */
export async function deliverSlice(
  ctx: DeliveryContext,
  forward: HeldForward,
  messages: readonly QueuedMessage[],
  next: QueuePosition,
  full: boolean,
): Promise<boolean> {
  const limit = Date.now() - ctx.retentionMs;
  const expired = messages.filter((m) => Date.parse(m.receivedAt) < limit);
  const fresh = expired.length === 0 ? messages : messages.filter((m) => !expired.includes(m));
  if (fresh.length > 0) {
    try {
      await forward.sender.send(fresh);
    } catch (error) {
      await failed(ctx, forward, fresh.length, error);
      return false;
    }
  }
  if (expired.length > 0) {
    await log(
      ctx,
      forward,
      'Error',
      `gave up ${plural(expired.length)} older than ${days(ctx.retentionMs)} days, received from ${expired[0]?.receivedAt ?? ''} to ${expired.at(-1)?.receivedAt ?? ''}`,
    );
  }
  const recovered = forward.attempts;
  forward.attempts = 0;
  forward.nextAttemptAt = 0;
  forward.caughtUp = !full;
  progressed(forward, next, fresh.length, expired.length, true);
  if (recovered > 0) {
    ctx.recovered(forward);
    await log(
      ctx,
      forward,
      'Information',
      `delivers again after ${String(recovered)} failed attempts`,
    );
  }
  return true;
}

/**
 * Writes the progress of the forwards in one statement: what they delivered and gave up, and
 * now and then a position that only moved past other forwards' rows. Answers the forwards whose
 * lease turned out lost.
 */
export async function flushProgress(
  ctx: DeliveryContext,
  forwards: Iterable<HeldForward>,
): Promise<number[]> {
  const now = Date.now();
  const due = [...forwards].filter(
    (f) =>
      f.unwritten !== null &&
      (f.unwritten.delivered > 0 ||
        f.unwritten.givenUp > 0 ||
        now - f.writtenAt > ctx.persistEveryMs),
  );
  if (due.length === 0) return [];
  const progress = due.flatMap((f) => (f.unwritten ? [f.unwritten] : []));
  for (const f of due) {
    f.unwritten = null;
    f.writtenAt = now;
  }
  const kept = await recordProgress(ctx.db, ctx.owner, progress);
  return due.filter((f) => !kept.has(f.id)).map((f) => f.id);
}

/** One batch of the oldest open replay (its own progress is written at once). */
export async function deliverReplay(ctx: DeliveryContext, forward: HeldForward): Promise<void> {
  const replay = forward.replays[0];
  if (!replay) return;
  const messages = await readReplay(ctx.db, forward.id, replay, ctx.batchSize);
  if (messages.length > 0) {
    try {
      await forward.sender.send(messages);
    } catch (error) {
      await failed(ctx, forward, messages.length, error);
      return;
    }
  }
  const done = messages.length < ctx.batchSize;
  const afterId = done ? replay.lastId : (messages.at(-1)?.rawId ?? replay.lastId);
  await advanceReplay(ctx.db, replay.id, afterId, messages.length, done);
  progressed(forward, forward.position, messages.length, 0, true);
  replay.afterId = afterId;
  replay.sent += messages.length;
  if (done) {
    forward.replays.shift();
    await log(
      ctx,
      forward,
      'Information',
      `replay ${String(replay.id)} done: ${plural(replay.sent)} sent again`,
    );
  }
}
