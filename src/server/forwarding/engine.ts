import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { BACKLOG_COUNT_CAP } from '../../shared/forward-health';
import type { SecretBox } from '../auth/secret-box';
import type { Db } from '../db/client';
import type { DeviceEvents } from '../devices-link/events';
import { retryDelay, type BackoffOptions } from './backoff';
import { claimCursors, heldCursors, pruneCounters, recordBacklog, releaseCursors } from './cursors';
import {
  deliverLive,
  deliverReplay,
  type DeliveryContext,
  type HeldForward,
  type Turn,
} from './delivery';
import { loadForwardConfigs } from './forward-configs';
import { measureBacklog } from './queue';
import { loadOpenReplays } from './replays';
import type { Connector, SenderFactory } from './protocols/types';

export interface ForwardingOptions {
  connector: Connector;
  senders: SenderFactory;
  /** Claims, renews leases and reloads forwards this often (ms); 0: only when asked (tests). */
  tickMs?: number;
  leaseMs?: number;
  batchSize?: number;
  /** Undelivered messages older than this are given up (FORWARD_RETENTION_DAYS; default 7 days). */
  retentionMs?: number;
  backoff?: BackoffOptions;
  /** How often a held forward's backlog is measured (ms). */
  healthEveryMs?: number;
  /** Forwards sending at the same time. */
  concurrency?: number;
  /** This instance's name in the leases (default: random). */
  owner?: string;
}

/**
 * Delivers every stored device message to the forward its device has for the message's type
 * (issue 15, decision 046): one turn at a time per forward, many forwards at once, each with its
 * own position and backoff, so a slow or dead receiver delays only itself. A lease per forward
 * makes one instance its sender; a Status 0 forward is held. Wakes on every stored batch.
 */
export function createForwardingEngine(
  db: Db,
  secrets: SecretBox,
  log: FastifyBaseLogger,
  options: ForwardingOptions,
) {
  const owner = options.owner ?? randomUUID();
  const tickMs = options.tickMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 15_000;
  const healthEveryMs = options.healthEveryMs ?? 2_000;
  const concurrency = options.concurrency ?? 16;
  const ctx: DeliveryContext = {
    db,
    owner,
    batchSize: options.batchSize ?? 500,
    retentionMs: options.retentionMs ?? 7 * 86_400_000,
    retryDelay: (attempts) => retryDelay(attempts, options.backoff),
    persistEveryMs: 5_000,
  };
  const held = new Map<number, HeldForward>();
  const running = new Map<number, Promise<void>>();
  const measuredAt = new Map<number, number>();
  /** How each forward's last turn ended (drain). */
  const lastTurn = new Map<number, Turn>();
  let timer: NodeJS.Timeout | null = null;
  let kickPending = false;
  let closed = false;
  let ticking: Promise<void> | null = null;

  const drop = (id: number) => {
    const forward = held.get(id);
    held.delete(id);
    if (forward) void forward.sender.close().catch(() => undefined);
  };

  async function refresh() {
    await claimCursors(db, owner, leaseMs);
    const cursors = await heldCursors(db, owner);
    const ids = cursors.map((c) => c.forwardId);
    const configs = await loadForwardConfigs(db, ids, secrets);
    const replays = await loadOpenReplays(db, ids);
    for (const id of [...held.keys()]) if (!configs.has(id)) drop(id);
    for (const [id, config] of configs) {
      let forward = held.get(id);
      const fresh = cursors.find((c) => c.forwardId === id);
      if (forward && forward.config.fingerprint !== config.fingerprint) {
        await forward.sender.close().catch(() => undefined);
        forward.sender = options.senders(config.target, options.connector);
      }
      if (!forward && fresh) {
        forward = {
          id,
          config,
          sender: options.senders(config.target, options.connector),
          position: fresh.position,
          persisted: fresh.position,
          persistedAt: Date.now(),
          attempts: fresh.attempts,
          nextAttemptAt: fresh.nextAttemptAt?.getTime() ?? 0,
          replays: [],
        };
        held.set(id, forward);
      }
      if (!forward) continue;
      forward.config = config;
      // Replays the running turn does not know yet (started by a user since).
      const known = new Set(forward.replays.map((r) => r.id));
      forward.replays.push(...(replays.get(id) ?? []).filter((r) => !known.has(r.id)));
    }
  }

  async function measure(forward: HeldForward) {
    const now = Date.now();
    if (now - (measuredAt.get(forward.id) ?? 0) < healthEveryMs) return;
    measuredAt.set(forward.id, now);
    const { count, oldest } = await measureBacklog(
      db,
      forward.id,
      forward.position,
      BACKLOG_COUNT_CAP,
    );
    await recordBacklog(db, owner, forward.id, {
      count: Math.min(count, BACKLOG_COUNT_CAP),
      capped: count > BACKLOG_COUNT_CAP,
      oldest,
    });
  }

  /** Turns of one forward until it is caught up, failing, or its lease is gone. */
  async function run(forward: HeldForward) {
    try {
      let turn: Turn = 'more';
      while (!closed && turn === 'more' && held.get(forward.id) === forward) {
        if (forward.config.status !== 1 || forward.nextAttemptAt > Date.now()) {
          turn = 'idle';
          break;
        }
        turn = await deliverLive(ctx, forward);
        if (turn === 'idle' && forward.replays.length > 0) turn = await deliverReplay(ctx, forward);
        if (turn === 'lost') drop(forward.id);
      }
      lastTurn.set(forward.id, turn);
      if (held.get(forward.id) === forward) await measure(forward);
    } catch (error) {
      log.error({ err: error, forwardId: forward.id }, 'forward delivery turn failed');
      forward.nextAttemptAt = Date.now() + ctx.retryDelay(Math.max(1, forward.attempts));
    }
  }

  /** Starts a turn for every held forward that is due and not in one already. */
  function kick() {
    kickPending = false;
    if (closed) return;
    for (const forward of held.values()) {
      if (running.size >= concurrency) break;
      if (running.has(forward.id)) continue;
      const work = run(forward).finally(() => running.delete(forward.id));
      running.set(forward.id, work);
    }
  }

  /** Soon, once per burst of stored batches. */
  const wake = () => {
    if (kickPending || closed) return;
    kickPending = true;
    setImmediate(kick);
  };

  const tick = () => {
    ticking ??= refresh()
      .then(() => pruneCountersSometimes())
      .then(kick)
      .catch((error: unknown) => {
        log.error({ err: error }, 'forwarding engine refresh failed');
      })
      .finally(() => {
        ticking = null;
      });
    return ticking;
  };

  let prunedAt = 0;
  const pruneCountersSometimes = async () => {
    if (Date.now() - prunedAt < 3_600_000) return;
    prunedAt = Date.now();
    await pruneCounters(db);
  };

  const schedule = () => {
    if (closed || tickMs <= 0) return;
    timer = setTimeout(() => {
      void tick().finally(schedule);
    }, tickMs);
  };

  return {
    owner,
    listen(events: DeviceEvents) {
      events.on('message', wake);
    },
    start() {
      if (tickMs > 0) void tick().finally(schedule);
    },
    /** One refresh and a turn for every due forward, awaited (tests). */
    async tick() {
      await tick();
      await Promise.all(running.values());
      // Turns that began before this call may have read the queue before its last messages.
      kick();
      await Promise.all(running.values());
    },
    /** Turns until every held forward is caught up or waiting for a retry (tests, benchmarks). */
    async drain(maxTicks = 100) {
      for (let i = 0; i < maxTicks; i++) {
        lastTurn.clear();
        await this.tick();
        const unfinished = [...held.keys()].some((id) => (lastTurn.get(id) ?? 'more') === 'more');
        if (!unfinished) return;
      }
    },
    heldForwards: () => [...held.keys()],
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await ticking;
      await Promise.all(running.values());
      for (const id of [...held.keys()]) drop(id);
      await releaseCursors(db, owner).catch(() => undefined);
    },
  };
}

export type ForwardingEngine = ReturnType<typeof createForwardingEngine>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The forwarding engine when forwarding is on (tests drive it with tick() and drain()). */
    forwarding: ForwardingEngine | null;
  }
}
