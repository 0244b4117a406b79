import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '@server/auth/secret-box';
import type { Db } from '@server/db/client';
import type { DeviceEvents } from '@server/events/device-events';
import { pruneCounters, releaseCursors } from './cursors';
import { createEngineState, type EngineState, type ForwardingOptions } from './engine-state';
import { claimForwards, dropForward, writeProgress } from './held-forwards';
import { runPass, wake } from './schedule';
import { sendsFinished } from './sends';

export type { ForwardingOptions } from './engine-state';

const PRUNE_EVERY_MS = 3_600_000;

/**
 * Delivers every stored device message to the forward its device has for the message's type
 * (issue 15, decision 046). Its steps, each in a file of its own:
 * - every `tickMs`, `refresh`: claim leases and read the held forwards again (held-forwards.ts);
 * - on a wake, `runPass`: write the progress of finished sends, read the queue once for all
 *   forwards at the same place, start each forward's send of its share (schedule.ts, pass.ts);
 * - each send records its outcome and wakes the next pass (sends.ts, delivery.ts).
 * A lease per forward makes one instance its sender; a Status 0 forward is held; a slow or dead
 * receiver delays only its own forward. Stored messages wake it (at most every `pollMs`).
 */
export class ForwardingEngine {
  readonly #state: EngineState;

  constructor(state: EngineState) {
    this.#state = state;
  }

  /** This instance's name in the leases. */
  get owner(): string {
    return this.#state.owner;
  }

  listen(events: DeviceEvents) {
    events.on('message', () => {
      wake(this.#state);
    });
  }

  /** Refreshes now and then every `tickMs` (none when it is 0). */
  start() {
    if (this.#state.tickMs > 0)
      void this.refresh().finally(() => {
        this.#scheduleRefresh();
      });
  }

  /** Claims and renews leases, reads the held forwards again, then wakes a pass. */
  refresh(): Promise<void> {
    const state = this.#state;
    state.refreshing ??= claimForwards(state)
      .then(async () => {
        if (Date.now() - state.prunedAt > PRUNE_EVERY_MS) {
          state.prunedAt = Date.now();
          await pruneCounters(state.db);
        }
        wake(state, true);
      })
      .catch((error: unknown) => {
        state.log.error({ err: error }, 'forwarding engine refresh failed');
      })
      .finally(() => {
        state.refreshing = null;
      });
    return state.refreshing;
  }

  /**
   * A pass over the queue (what a wake runs); resolves when its reads are done and its sends
   * started, answering whether more is waiting.
   */
  runPass(): Promise<boolean> {
    return runPass(this.#state);
  }

  /** Waits for the pass and the sends under way, then writes their progress. */
  async settle(): Promise<void> {
    await sendsFinished(this.#state);
    await writeProgress(this.#state);
  }

  /** Stops, lets the sends under way finish, writes their progress and gives the leases back. */
  async close() {
    const state = this.#state;
    state.closed = true;
    if (state.refreshTimer) clearTimeout(state.refreshTimer);
    if (state.passTimer) clearTimeout(state.passTimer);
    await state.refreshing;
    await this.settle().catch(() => undefined);
    for (const id of [...state.held.keys()]) dropForward(state, id);
    await releaseCursors(state.db, state.owner).catch(() => undefined);
  }

  #scheduleRefresh() {
    const state = this.#state;
    if (state.closed) return;
    state.refreshTimer = setTimeout(() => {
      void this.refresh().finally(() => {
        this.#scheduleRefresh();
      });
    }, state.tickMs);
  }
}

export function createForwardingEngine(
  db: Db,
  secrets: SecretBox,
  log: FastifyBaseLogger,
  options: ForwardingOptions,
): ForwardingEngine {
  return new ForwardingEngine(createEngineState(db, secrets, log, options));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The forwarding engine when forwarding is on. */
    forwarding: ForwardingEngine | null;
  }
}
