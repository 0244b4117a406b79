import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '@server/auth/secret-box';
import { isLibrarySetting } from '@shared/devices/device-link';
import type { Database } from '@server/db/client';
import { deviceMayFetch } from './library-files';
import { HttpError } from '@server/errors/http-errors';
import { writeBatch, type Outcome } from './batch';
import { createCredentialVerifier, type VerifiedDevice, type VerifiedMessage } from './credentials';
import { DeviceEvents } from '@server/events/device-events';
import type { IncomingMessage } from './message';
import { createRejectionLog, type Rejection } from './rejections';
import { createUpkeep } from './upkeep';
import { IngestQueue } from './queue';
import type { DeviceLinkTables } from './tables';
import { storeTachoFile } from '@server/tacho/store';

import type { DeviceFiles, DeviceLink, DeviceLinkOptions } from './link-types';

export type {
  DeviceFiles,
  DeviceLink,
  DeviceLinkOptions,
  DeviceLinkStats,
  LibraryFileAccess,
} from './link-types';

type Settled = { ok: true; outcome: Outcome } | { ok: false; error: unknown };

export function createDeviceLink(
  database: Database,
  log: FastifyBaseLogger,
  secrets: SecretBox,
  tables: DeviceLinkTables,
  options: DeviceLinkOptions = {},
): DeviceLink {
  const events = new DeviceEvents((error) => {
    log.error({ err: error }, 'device event listener failed');
  });
  const counters = { failedMessages: 0, splitBatches: 0, rejectedMessages: 0 };
  const verifier = createCredentialVerifier(database.db, secrets, log);
  // In the background: until it is done, messages of devices not yet remembered take one query.
  const warming = verifier.warm().catch((error: unknown) => {
    log.warn({ err: error }, 'device credentials could not be loaded in advance');
  });
  const rejections = createRejectionLog(database.db, options.unknownLogIntervalMs ?? 60_000);
  /** Log writes not awaited by a request (rejects before the queue); close waits for them. */
  const loggingRejections = new Set<Promise<void>>();
  const logRejections = (list: Rejection[]) => {
    const writing = rejections.write(list).catch((error: unknown) => {
      log.warn({ err: error }, 'rejected device messages could not be logged');
    });
    loggingRejections.add(writing);
    void writing.finally(() => loggingRejections.delete(writing));
    return writing;
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

  /** Library settings handed out and acknowledgements, for rollouts (events.ts). */
  const emitSettings = (messages: readonly VerifiedMessage[], outcomes: readonly Outcome[]) => {
    if (events.listenerCount('settings') === 0) return;
    messages.forEach((m, i) => {
      const outcome = outcomes[i];
      if (outcome?.kind !== 'stored') return;
      const sent = outcome.settings.filter((s) => isLibrarySetting(s.SettingName)).map((s) => s.Id);
      const acknowledged = [...m.ackSettings, ...m.ackFailures.map((f) => f.id)];
      if (sent.length || acknowledged.length)
        events.emit('settings', { deviceId: outcome.deviceId, sent, acknowledged });
    });
  };

  const upkeep = createUpkeep(database, log, options.vacuumEvery ?? 50_000);

  /**
   * One transaction for the batch. Should it fail, the halves are retried on their own (in
   * order), so one message that cannot be stored fails alone instead of taking every device of
   * its batch down with it; a database that is down still fails them all.
   */
  const writeIsolated = async (messages: VerifiedMessage[]): Promise<Settled[]> => {
    try {
      const outcomes = await writeBatch(database.db, messages, tables, {
        prepared: upkeep.prepared,
      });
      upkeep.stored(outcomes.length);
      emitStored(messages, outcomes);
      emitSettings(messages, outcomes);
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

  /**
   * Checks every message's signature (credentials.ts), stores the verified ones and answers the
   * others as rejected, all after the commit: an unknown IMEI and a wrong credential take the
   * same path and the same time.
   */
  const writeVerified = async (messages: IncomingMessage[]): Promise<Settled[]> => {
    let devices: (VerifiedDevice | null)[];
    try {
      await upkeep.beforeBatch();
      devices = await verifier.verify(messages, upkeep.prepared);
    } catch (error) {
      log.error({ err: error }, 'device credentials could not be read');
      return messages.map(() => ({ ok: false, error }));
    }
    const verified = messages.flatMap((m, i): VerifiedMessage[] => {
      const device = devices[i];
      return device ? [{ ...m, device }] : [];
    });
    const stored = verified.length ? await writeIsolated(verified) : [];
    let next = 0;
    const settled = messages.map((m, i): Settled => {
      if (!devices[i]) return { ok: true, outcome: { kind: 'rejected' } };
      const result = stored[next++] ?? { ok: false, error: new Error('no outcome') };
      // Verified with a remembered credential that has been replaced since.
      if (result.ok && result.outcome.kind === 'rejected') verifier.forget(m.imei);
      return result;
    });
    const rejected = messages.filter((_, i) => {
      const result = settled[i];
      return result?.ok && result.outcome.kind === 'rejected';
    });
    counters.rejectedMessages += rejected.length;
    await logRejections(
      rejected.map((m) => ({ reason: 'unknown device or wrong credential', imei: m.imei })),
    );
    return settled;
  };

  const queue = new IngestQueue<IncomingMessage, Settled>(writeVerified, {
    ...options,
    // PGlite has one connection: a second batch would only wait for it.
    concurrency: options.concurrency ?? (database.kind === 'pglite' ? 1 : 2),
  });

  /** Uploads being stored; close waits for them, so the database is not closed under them. */
  const storing = new Set<Promise<unknown>>();
  let closed = false;
  const files: DeviceFiles = {
    device: (imei) => verifier.current(imei),
    store(input) {
      if (closed) return Promise.reject(new HttpError(503, 'The server is shutting down'));
      const stored = storeTachoFile(database.db, input);
      storing.add(stored);
      void stored.finally(() => storing.delete(stored)).catch(() => undefined);
      return stored;
    },
    async library(deviceId, fileId) {
      const facts = await deviceMayFetch(database.db, deviceId, fileId);
      if (!facts) return null;
      events.emit('fetch', { deviceId, fileId, settingIds: facts.settingIds });
      return {
        ...facts,
        read: async (start, length) =>
          (await tables.readLibraryFileRange(database.db, fileId, start, length)) ??
          new Uint8Array(),
      };
    },
  };

  return {
    events,
    files,
    async submit(message) {
      const settled = await queue.submit(message.imei, message);
      if (settled.ok) return settled.outcome;
      throw settled.error;
    },
    noteRejected(rejection) {
      void logRejections([rejection]);
    },
    stats: () => ({ ...queue.stats, ...counters, vacuums: upkeep.vacuums }),
    drained: () => queue.drained(),
    async close() {
      closed = true;
      await queue.close();
      await Promise.allSettled(storing);
      await warming;
      await Promise.all(loggingRejections);
    },
  };
}
