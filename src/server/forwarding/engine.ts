import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '../auth/secret-box';
import type { Db } from '../db/client';
import type { DeviceEvents } from '../events/device-events';
import { retryDelay, type BackoffOptions } from './backoff';
import { claimCursors, heldCursors, pruneCounters, releaseCursors } from './cursors';
import { flushProgress, type HeldForward } from './delivery';
import { loadForwardConfigs } from './forward-configs';
import { deliveryPass, type PassContext } from './pass';
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
  /** Passes over the queue start at most this often while messages arrive (ms). */
  pollMs?: number;
  /** This instance's name in the leases (default: random). */
  owner?: string;
  /** A position that only moved past other forwards' rows is written this often (ms). */
  persistEveryMs?: number;
}

/**
 * Delivers every stored device message to the forward its device has for the message's type
 * (issue 15, decision 046). Passes over the queue read each message once for all forwards at the
 * same place (pass.ts); each forward sends its share on its own, with its own position and
 * backoff, so a slow or dead receiver delays only itself. A lease per forward makes one instance
 * its sender; a Status 0 forward is held. Stored batches wake it (at most every `pollMs`).
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
  const pollMs = options.pollMs ?? 250;
  const batchSize = options.batchSize ?? 1_000;
  const held = new Map<number, HeldForward>();
  const sending = new Map<number, Promise<void>>();
  let closed = false;
  /** When a forward to each receiver (host:port) last delivered again after failures. */
  const deliveredAt = new Map<string, number>();
  const receiverOf = (forward: HeldForward) =>
    `${forward.config.target.host}:${String(forward.config.target.port)}`;
  const ctx: PassContext = {
    db,
    owner,
    batchSize,
    scan: batchSize,
    retentionMs: options.retentionMs ?? 7 * 86_400_000,
    retryDelay: (attempts) => retryDelay(attempts, options.backoff),
    persistEveryMs: options.persistEveryMs ?? 5_000,
    healthEveryMs: options.healthEveryMs ?? 2_000,
    measuredAt: new Map(),
    measuredEmpty: new Set(),
    isSending: (id) => sending.has(id),
    recovered(forward) {
      const receiver = receiverOf(forward);
      deliveredAt.set(receiver, Date.now());
      for (const other of held.values())
        if (other.attempts > 0 && receiverOf(other) === receiver) other.nextAttemptAt = 0;
      wake(true);
    },
    start(forward, work) {
      const startedAt = Date.now();
      const done = work
        .then(() => undefined)
        .catch((error: unknown) => {
          log.error({ err: error, forwardId: forward.id }, 'forward delivery failed');
          forward.nextAttemptAt = Date.now() + ctx.retryDelay(Math.max(1, forward.attempts));
        })
        .finally(() => {
          sending.delete(forward.id);
          // Failed while another forward found the same receiver back: no backoff for this one.
          if (forward.attempts > 0 && (deliveredAt.get(receiverOf(forward)) ?? 0) > startedAt)
            forward.nextAttemptAt = 0;
          // Behind (catching up): the next read at once; at the front, with the next poll.
          wake(!forward.caughtUp && forward.nextAttemptAt <= Date.now());
        });
      sending.set(forward.id, done);
    },
  };

  const drop = (id: number) => {
    const forward = held.get(id);
    held.delete(id);
    if (forward) void forward.sender.close().catch(() => undefined);
  };

  async function refresh() {
    await claimCursors(db, owner, leaseMs);
    const cursors = await heldCursors(db, owner);
    const ids = cursors.map((c) => c.forwardId);
    const configs = await loadForwardConfigs(
      db,
      ids,
      secrets,
      new Map([...held].map(([id, f]) => [id, f.config])),
    );
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
          unwritten: null,
          writtenAt: Date.now(),
          caughtUp: false,
          attempts: fresh.attempts,
          nextAttemptAt: fresh.nextAttemptAt?.getTime() ?? 0,
          replays: [],
        };
        held.set(id, forward);
      }
      if (!forward) continue;
      forward.config = config;
      // Replays started by a user since the last look.
      const known = new Set(forward.replays.map((r) => r.id));
      forward.replays.push(...(replays.get(id) ?? []).filter((r) => !known.has(r.id)));
    }
  }

  const flush = async () => {
    for (const id of await flushProgress(ctx, held.values())) drop(id);
  };

  /** One pass at a time; a wake during a pass asks for another right after it. */
  let passing: Promise<boolean> | null = null;
  let again = false;
  let wakeTimer: NodeJS.Timeout | null = null;
  let lastPassAt = 0;
  const runPass = (): Promise<boolean> => {
    if (passing) {
      again = true;
      return passing;
    }
    if (wakeTimer) clearTimeout(wakeTimer);
    wakeTimer = null;
    lastPassAt = Date.now();
    const pass = flush()
      .then(() => deliveryPass(ctx, held.values()))
      .catch((error: unknown) => {
        log.error({ err: error }, 'forwarding pass failed');
        return false;
      });
    passing = pass;
    void pass.then((more) => {
      passing = null;
      if (more || again) {
        again = false;
        wake(more);
      }
    });
    return pass;
  };

  /** Soon: right away when more is waiting, else `pollMs` after the last pass began. */
  function wake(now = false) {
    if (closed) return;
    if (passing) {
      again = true;
      return;
    }
    if (wakeTimer && !now) return;
    if (wakeTimer) clearTimeout(wakeTimer);
    const delay = now ? 0 : Math.max(0, lastPassAt + pollMs - Date.now());
    wakeTimer = setTimeout(() => void runPass(), delay);
  }

  let prunedAt = 0;
  let ticking: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    ticking ??= refresh()
      .then(async () => {
        if (Date.now() - prunedAt > 3_600_000) {
          prunedAt = Date.now();
          await pruneCounters(db);
        }
        wake(true);
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'forwarding engine refresh failed');
      })
      .finally(() => {
        ticking = null;
      });
    return ticking;
  };
  const schedule = () => {
    if (closed || tickMs <= 0) return;
    timer = setTimeout(() => {
      void tick().finally(schedule);
    }, tickMs);
  };
  const settle = async () => {
    while (passing ?? sending.size > 0) {
      await passing;
      await Promise.all(sending.values());
    }
  };

  return {
    owner,
    listen(events: DeviceEvents) {
      events.on('message', () => {
        wake();
      });
    },
    start() {
      if (tickMs > 0) void tick().finally(schedule);
    },
    /** A refresh, then passes until nothing is on its way, all written (tests). */
    async tick() {
      await tick();
      await settle();
      let more = await runPass();
      await settle();
      for (let i = 0; more && i < 1000; i++) {
        more = await runPass();
        await settle();
      }
      // Once more with every send finished: the health measured as things stand now.
      await runPass();
      await settle();
      await flush();
    },
    /** Ticks until every held forward is caught up or waiting for a retry (tests, benchmarks). */
    async drain(maxTicks = 100) {
      const quiet = () =>
        [...held.values()].every(
          (f) =>
            f.config.status !== 1 ||
            f.nextAttemptAt > Date.now() ||
            (f.caughtUp && f.replays.length === 0),
        );
      for (let i = 0; i < maxTicks; i++) {
        await this.tick();
        if (quiet()) return;
      }
    },
    heldForwards: () => [...held.keys()],
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (wakeTimer) clearTimeout(wakeTimer);
      await ticking;
      await settle();
      await flush().catch(() => undefined);
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
