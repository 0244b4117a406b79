import { BACKLOG_COUNT_CAP } from '@shared/forwards/forward-health';
import { recordBacklog } from './cursors';
import {
  deliverReplay,
  deliverSlice,
  progressed,
  type DeliveryContext,
  type HeldForward,
} from './delivery';
import { later, measureBacklog, readShared, type QueuePosition } from './queue';

/** Where the pass starts its read for a group: the earliest of their positions. */
const earliest = (forwards: readonly HeldForward[]): QueuePosition =>
  forwards.map((f) => f.position).reduce((a, b) => (later(a, b) === a ? b : a));

const after = (a: QueuePosition, b: QueuePosition) =>
  BigInt(a.xid) > BigInt(b.xid) || (a.xid === b.xid && a.id > b.id);

export interface PassContext extends DeliveryContext {
  /** Rows looked at per read. */
  scan: number;
  healthEveryMs: number;
  /** Starts a forward's send; the pass does not wait for it (a slow receiver delays only itself). */
  start(forward: HeldForward, work: Promise<unknown>): void;
  isSending(forwardId: number): boolean;
  measuredAt: Map<number, number>;
  /** Forwards last measured with nothing waiting (their zero is written already). */
  measuredEmpty: Set<number>;
}

/**
 * One pass over the held forwards that may send now: the forwards at the front of the queue
 * (caught up) share one read, those behind (after a failure, a pause, a full read) another, and
 * each forward sends its share on its own. Then one batch of an open replay per caught-up forward,
 * and backlog measurements. Answers whether a read hit its limit (more is waiting).
 */
export async function deliveryPass(
  ctx: PassContext,
  held: Iterable<HeldForward>,
): Promise<boolean> {
  const now = Date.now();
  const all = [...held];
  const ready = all.filter(
    (f) => !ctx.isSending(f.id) && f.config.status === 1 && f.nextAttemptAt <= now,
  );
  let more = false;
  const groups = [
    { forwards: ready.filter((f) => f.caughtUp), scan: ctx.scan },
    // Behind: a longer read, since the forward's share of the rows may be small.
    { forwards: ready.filter((f) => !f.caughtUp), scan: ctx.scan * 5 },
  ];
  for (const { forwards: group, scan } of groups) {
    if (group.length === 0) continue;
    const read = await readShared(
      ctx.db,
      group.map((f) => f.id),
      earliest(group),
      scan,
    );
    more ||= read.full;
    for (const forward of group) {
      const mine = (read.messages.get(forward.id) ?? []).filter((m) =>
        after(m.position, forward.position),
      );
      const next = later(forward.position, read.next);
      if (mine.length === 0) {
        // Only other forwards' rows: move on (written now and then by the flush).
        progressed(forward, next, 0, 0);
        forward.caughtUp = !read.full;
        continue;
      }
      // At most a batch per send: the rest waits for the next pass.
      const slice = mine.length > ctx.batchSize ? mine.slice(0, ctx.batchSize) : mine;
      const sliceEnd = slice === mine ? next : (slice.at(-1)?.position ?? next);
      more ||= slice !== mine;
      ctx.start(forward, deliverSlice(ctx, forward, slice, sliceEnd, read.full || slice !== mine));
    }
  }
  for (const forward of ready) {
    if (forward.caughtUp && forward.replays.length > 0 && !ctx.isSending(forward.id)) {
      ctx.start(forward, deliverReplay(ctx, forward));
      more = true;
    }
  }
  await measure(ctx, all);
  return more;
}

/** Backlog and oldest waiting message of the forwards not caught up, every few seconds. */
async function measure(ctx: PassContext, forwards: readonly HeldForward[]) {
  const now = Date.now();
  for (const forward of forwards) {
    if (now - (ctx.measuredAt.get(forward.id) ?? 0) < ctx.healthEveryMs) continue;
    ctx.measuredAt.set(forward.id, now);
    const caughtUp = forward.caughtUp && forward.config.status === 1;
    // Caught up and known to be so: nothing to count, nothing to write.
    if (caughtUp && ctx.measuredEmpty.has(forward.id)) continue;
    const waiting = caughtUp
      ? { count: 0, oldest: null }
      : await measureBacklog(ctx.db, forward.id, forward.position, BACKLOG_COUNT_CAP);
    if (waiting.count === 0) ctx.measuredEmpty.add(forward.id);
    else ctx.measuredEmpty.delete(forward.id);
    await recordBacklog(ctx.db, ctx.owner, forward.id, {
      count: Math.min(waiting.count, BACKLOG_COUNT_CAP),
      capped: waiting.count > BACKLOG_COUNT_CAP,
      oldest: waiting.oldest,
    });
  }
}
