import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '@server/db/client';
import { retryOnDeadlock } from '@server/db/unique-violation';
import type { DeviceEvents } from '@server/events/device-events';
import { reconcileDevices, type SettingHint } from './stages';
import { advanceRollout } from './transitions';

export interface RolloutEngineOptions {
  /** How often running rollouts are looked at for timeouts (ms); 0: only when asked (tests). */
  tickMs?: number;
  /** Every this many ticks, devices are also checked against their settings (lost events). */
  reconcileEvery?: number;
  /** How long device-link hints gather before they are written together (ms). */
  flushMs?: number;
}

/**
 * Moves rollouts along: device-link events (a setting handed out, its file fetched, its
 * acknowledgement) become device states in batches, and every rollout whose devices moved is
 * looked at (advanceRollout). A timer looks at running rollouts for stage timeouts and, now and
 * then, re-derives their devices' states from the settings, so a lost event costs a delay,
 * never a wrong state.
 */
export function createRolloutEngine(
  db: Db,
  log: FastifyBaseLogger,
  { tickMs = 5_000, reconcileEvery = 12, flushMs = 100 }: RolloutEngineOptions = {},
) {
  let hints: SettingHint[] = [];
  let flushTimer: NodeJS.Timeout | null = null;
  let tickTimer: NodeJS.Timeout | null = null;
  let ticks = 0;
  let closed = false;
  /**
   * One pass at a time, and an admin's action waits its turn: flushes, ticks and actions lock
   * the same rows, so running them in turn leaves no deadlock to break.
   */
  let chain: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work);
    chain = next.catch(() => undefined);
    return next;
  };
  const serial = (work: () => Promise<void>) =>
    exclusive(work).catch((error: unknown) => {
      log.error({ err: error }, 'rollout engine pass failed');
    });

  const advance = async (ids: readonly number[]) => {
    for (const id of ids)
      await retryOnDeadlock(() => db.transaction((tx) => advanceRollout(tx, id)));
  };

  const flush = () =>
    serial(async () => {
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = null;
      if (hints.length === 0) return;
      const batch = hints;
      hints = [];
      await advance(await reconcileDevices(db, { hints: batch }));
    });

  const note = (batch: readonly SettingHint[]) => {
    if (closed || batch.length === 0) return;
    hints.push(...batch);
    flushTimer ??= setTimeout(() => void flush(), flushMs);
  };

  /** `reconcile` forces the check of devices against their settings (tests). */
  const tick = (force = false) =>
    serial(async () => {
      const reconcile = ticks++ % reconcileEvery === 0 || force;
      const running = await selectRows<{ id: number }>(
        db,
        sql`select id from rollouts where state = 'running' order by id`,
      );
      for (const { id } of running) {
        if (reconcile) await reconcileDevices(db, { rolloutId: id });
        await retryOnDeadlock(() => db.transaction((tx) => advanceRollout(tx, id)));
      }
    });

  return {
    /** Turns the device link's events into hints. */
    listen(events: DeviceEvents): () => void {
      const offSettings = events.on('settings', (event) => {
        note([
          ...event.sent.map((id): SettingHint => ({ setting_id: id, hint: 1 })),
          ...event.acknowledged.map((id): SettingHint => ({ setting_id: id, hint: 0 })),
        ]);
      });
      const offFetch = events.on('fetch', (event) => {
        note(event.settingIds.map((id): SettingHint => ({ setting_id: id, hint: 2 })));
      });
      return () => {
        offSettings();
        offFetch();
      };
    },
    /** Runs an admin's change in turn with the engine's passes. */
    exclusive,
    /** Looks at one rollout in turn (a new one: its canary is released). */
    advance: (id: number) => serial(() => advance([id])),
    /** Writes the gathered hints now and moves their rollouts on (tests, benchmarks). */
    flush,
    /** Looks at every running rollout now (tests; the timer). */
    tick,
    start() {
      if (tickMs > 0 && !tickTimer) tickTimer = setInterval(() => void tick(), tickMs);
    },
    /** Stops the timers and waits for the pass under way. */
    async close() {
      closed = true;
      if (tickTimer) clearInterval(tickTimer);
      if (flushTimer) clearTimeout(flushTimer);
      tickTimer = flushTimer = null;
      await chain;
    },
  };
}

export type RolloutEngine = ReturnType<typeof createRolloutEngine>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The rollout engine (tests and benchmarks drive it with tick() and flush()). */
    rollouts: RolloutEngine;
  }
}
