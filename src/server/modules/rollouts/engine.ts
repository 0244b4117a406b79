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
  /** Every this many passes, devices are also checked against their settings (lost events). */
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
export class RolloutEngine {
  private hints: SettingHint[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private tickTimer: NodeJS.Timeout | null = null;
  private passes = 0;
  private closed = false;
  /**
   * One pass at a time, and an admin's action waits its turn: hint writes, passes and actions
   * lock the same rows, so running them in turn leaves no deadlock to break.
   */
  private chain: Promise<unknown> = Promise.resolve();
  private readonly timing: Required<RolloutEngineOptions>;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    { tickMs = 5_000, reconcileEvery = 12, flushMs = 100 }: RolloutEngineOptions = {},
  ) {
    this.timing = { tickMs, reconcileEvery, flushMs };
  }

  /** Turns the device link's events into hints, written together after `flushMs`. */
  listen(events: DeviceEvents): () => void {
    const offSettings = events.on('settings', (event) => {
      this.note([
        ...event.sent.map((id): SettingHint => ({ setting_id: id, hint: 1 })),
        ...event.acknowledged.map((id): SettingHint => ({ setting_id: id, hint: 0 })),
      ]);
    });
    const offFetch = events.on('fetch', (event) => {
      this.note(event.settingIds.map((id): SettingHint => ({ setting_id: id, hint: 2 })));
    });
    return () => {
      offSettings();
      offFetch();
    };
  }

  /** Runs an admin's change in turn with the engine's passes. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Looks at one rollout in turn (a new one: its canary is released). */
  advance(id: number): Promise<void> {
    return this.serial(() => this.advanceAll([id]));
  }

  /**
   * Looks at every running rollout now, as the timer does; every `reconcileEvery`-th pass, or
   * when asked, also checks their devices against the settings.
   */
  runPass({ reconcile = false }: { reconcile?: boolean } = {}): Promise<void> {
    return this.serial(async () => {
      const checksDevices = this.passes++ % this.timing.reconcileEvery === 0 || reconcile;
      const running = await selectRows<{ id: number }>(
        this.db,
        sql`select id from rollouts where state = 'running' order by id`,
      );
      for (const { id } of running) {
        if (checksDevices) await reconcileDevices(this.db, { rolloutId: id });
        await retryOnDeadlock(() => this.db.transaction((tx) => advanceRollout(tx, id)));
      }
    });
  }

  /** Writes the hints gathered so far now, moves their rollouts on, and waits for that. */
  settle(): Promise<void> {
    return this.serial(async () => {
      if (this.flushTimer) clearTimeout(this.flushTimer);
      this.flushTimer = null;
      if (this.hints.length === 0) return;
      const batch = this.hints;
      this.hints = [];
      await this.advanceAll(await reconcileDevices(this.db, { hints: batch }));
    });
  }

  start(): void {
    const { tickMs } = this.timing;
    if (tickMs > 0 && !this.tickTimer)
      this.tickTimer = setInterval(() => void this.runPass(), tickMs);
  }

  /** Stops the timer, writes the hints gathered so far and waits for the pass under way. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.tickTimer) clearInterval(this.tickTimer);
    this.tickTimer = null;
    await this.settle();
  }

  private note(batch: readonly SettingHint[]): void {
    if (this.closed || batch.length === 0) return;
    this.hints.push(...batch);
    this.flushTimer ??= setTimeout(() => void this.settle(), this.timing.flushMs);
  }

  private serial(work: () => Promise<void>): Promise<void> {
    return this.exclusive(work).catch((error: unknown) => {
      this.log.error({ err: error }, 'rollout engine pass failed');
    });
  }

  private async advanceAll(ids: readonly number[]): Promise<void> {
    for (const id of ids)
      await retryOnDeadlock(() => this.db.transaction((tx) => advanceRollout(tx, id)));
  }
}

export function createRolloutEngine(
  db: Db,
  log: FastifyBaseLogger,
  options?: RolloutEngineOptions,
): RolloutEngine {
  return new RolloutEngine(db, log, options);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The rollout engine (tests and benchmarks wait for it with settle() and runPass()). */
    rollouts: RolloutEngine;
  }
}
