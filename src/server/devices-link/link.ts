import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { writeBatch, type Outcome } from './batch';
import { DeviceEvents } from './events';
import type { IncomingMessage } from './message';
import { createUpkeep } from './upkeep';
import { IngestQueue, type QueueOptions, type QueueStats } from './queue';

export interface DeviceLinkOptions extends QueueOptions {
  /** An unknown IMEI is logged at most once per this many ms (default one minute). */
  unknownLogIntervalMs?: number;
  /** PGlite only: VACUUM the devices table after this many stored messages (default 50,000). */
  vacuumEvery?: number;
}

export interface DeviceLinkStats extends QueueStats {
  /** Messages that failed even when written on their own (answered 500). */
  failedMessages: number;
  /** Batches that failed and were split to isolate the failing message. */
  splitBatches: number;
  /** VACUUMs of the devices table run on PGlite (see upkeep.ts). */
  vacuums: number;
}

/** The ingest side shared by the API's route and the device port: one queue, one event source. */
export interface DeviceLink {
  /** Resolves once the message is durably stored (or the device is unknown). */
  submit(message: IncomingMessage): Promise<Outcome>;
  readonly events: DeviceEvents;
  stats(): DeviceLinkStats;
  /** Resolves the next time every message taken so far has been answered. */
  drained(): Promise<void>;
  /** Stops taking messages and waits for the ones already taken. */
  close(): Promise<void>;
}

type Settled = { ok: true; outcome: Outcome } | { ok: false; error: unknown };

const MAX_REMEMBERED_IMEIS = 10_000;

export function createDeviceLink(
  database: Database,
  log: FastifyBaseLogger,
  options: DeviceLinkOptions = {},
): DeviceLink {
  const events = new DeviceEvents((error) => {
    log.error({ err: error }, 'device event listener failed');
  });
  const counters = { failedMessages: 0, splitBatches: 0 };

  // A misconfigured tracker retries forever; one log row a minute per IMEI is enough to see it.
  const unknownLogged = new Map<string, number>();
  const logInterval = options.unknownLogIntervalMs ?? 60_000;
  const shouldLogUnknown = (imei: string): boolean => {
    const now = Date.now();
    const last = unknownLogged.get(imei);
    if (last !== undefined && now - last < logInterval) return false;
    if (unknownLogged.size >= MAX_REMEMBERED_IMEIS) unknownLogged.clear();
    unknownLogged.set(imei, now);
    return true;
  };

  const emitStored = (messages: readonly IncomingMessage[], outcomes: readonly Outcome[]) => {
    if (events.listenerCount('message') === 0) return;
    messages.forEach((m, i) => {
      const outcome = outcomes[i];
      if (outcome?.kind !== 'stored') return;
      events.emit('message', {
        deviceId: outcome.deviceId,
        imei: m.imei,
        rawMessageId: outcome.rawMessageId,
        at: m.at,
        body: m.raw,
        validJson: m.validJson,
        data: m.data,
      });
    });
  };

  const upkeep = createUpkeep(database, log, options.vacuumEvery ?? 50_000);

  /**
   * One transaction for the batch. Should it fail, the halves are retried on their own (in
   * order), so one message that cannot be stored fails alone instead of taking every device of
   * its batch down with it; a database that is down still fails them all.
   */
  const writeIsolated = async (messages: IncomingMessage[]): Promise<Settled[]> => {
    try {
      await upkeep.beforeBatch();
      const outcomes = await writeBatch(database.db, messages, {
        shouldLogUnknown,
        prepared: upkeep.prepared,
      });
      upkeep.stored(outcomes.length);
      emitStored(messages, outcomes);
      return outcomes.map((outcome) => ({ ok: true, outcome }));
    } catch (error) {
      if (messages.length === 1) {
        counters.failedMessages++;
        log.error({ err: error, imei: messages[0]?.imei }, 'device message not stored');
        return [{ ok: false, error }];
      }
      counters.splitBatches++;
      const middle = Math.ceil(messages.length / 2);
      const first = await writeIsolated(messages.slice(0, middle));
      const second = await writeIsolated(messages.slice(middle));
      return [...first, ...second];
    }
  };

  const queue = new IngestQueue<IncomingMessage, Settled>(writeIsolated, {
    ...options,
    // PGlite has one connection: a second batch would only wait for it.
    concurrency: options.concurrency ?? (database.kind === 'pglite' ? 1 : 2),
  });

  return {
    events,
    async submit(message) {
      const settled = await queue.submit(message.imei, message);
      if (settled.ok) return settled.outcome;
      throw settled.error;
    },
    stats: () => ({ ...queue.stats, ...counters, vacuums: upkeep.vacuums }),
    drained: () => queue.drained(),
    close: () => queue.close(),
  };
}
