import type { FastifyBaseLogger } from 'fastify';
import * as v from 'valibot';
import {
  DEVICE_TEST_NOT_ACTIVE,
  GetTestProgressRequestSchema,
  TEST_RESULT,
} from '@shared/devices/device-tests';
import type { Db } from '@server/db/client';
import type { DeviceEvents, DeviceMessageEvent } from '@server/events/device-events';
import type { HubConnection } from '@server/hub/types';
import { isFinished, observe, takeConfirmations, toResultRow } from './evaluation';
import {
  findActiveSettingsByImei,
  insertResult,
  resultNames,
  setSettingsActive,
  type SettingsRow,
} from './repository';
import { TestSession } from './session';

export const NOT_ACTIVE = DEVICE_TEST_NOT_ACTIVE;
export const WRONG_IMEI = 'This connection is for another IMEI';
export const NOT_JOINED = 'Call InitTestSocket first';
export const INVALID_PROGRESS_REQUEST = 'Invalid GetTestProgress request';
/** How long a running test waits for a page that lost its connection to reconnect. */
export const RECONNECT_GRACE_MS = 30_000;

export type DeviceTestEngine = ReturnType<typeof createDeviceTestEngine>;

/** The IMEI a hub connection was authorized for (`?IMEI=`). */
export const connectionImei = (connection: HubConnection): string =>
  (connection.query.get('IMEI') ?? connection.query.get('imei') ?? '').trim();

/**
 * Runs installation tests: one session per IMEI while at least one hub connection watches it.
 * Device-link messages are evaluated as they are stored; a finished test is stored with its
 * settings made inactive in one transaction, then the connections are closed.
 */
export function createDeviceTestEngine(
  db: Db,
  log: FastifyBaseLogger,
  { reconnectGraceMs = RECONNECT_GRACE_MS }: { reconnectGraceMs?: number } = {},
) {
  const sessions = new Map<string, TestSession>();
  /** Running tests nobody watches right now, stopped when their grace period ends. */
  const orphans = new Map<TestSession, NodeJS.Timeout>();
  const adopt = (session: TestSession) => {
    clearTimeout(orphans.get(session));
    orphans.delete(session);
  };
  const opening = new Map<string, Promise<TestSession | null>>();
  const joined = new Map<HubConnection, TestSession>();
  let unsubscribe: (() => void) | null = null;

  const open = (imei: string): Promise<TestSession | null> => {
    const existing = sessions.get(imei);
    if (existing) return Promise.resolve(existing);
    let pending = opening.get(imei);
    if (!pending) {
      pending = findActiveSettingsByImei(db, imei)
        .then((settings) => {
          if (!settings) return null;
          const session = new TestSession(imei, settings);
          sessions.set(imei, session);
          return session;
        })
        .finally(() => opening.delete(imei));
      opening.set(imei, pending);
    }
    return pending;
  };

  const drop = (session: TestSession) => {
    adopt(session);
    if (sessions.get(session.imei) === session) sessions.delete(session.imei);
    for (const connection of session.connections) joined.delete(connection);
  };

  const finish = async (session: TestSession): Promise<void> => {
    session.phase = 'finishing';
    const run = session.run;
    const row = toResultRow(session.items, session.observed);
    try {
      const result = await db.transaction(async (tx) => {
        const names = await resultNames(tx, session.settings.customerId, session.settings.userId);
        const stored = await insertResult(tx, {
          ...row,
          ...names,
          imei: session.imei,
          deviceId: session.settings.deviceId,
          customerId: session.settings.customerId,
          userId: session.settings.userId,
        });
        await setSettingsActive(tx, session.settings.id, false);
        return stored;
      });
      // setactive restarted the test meanwhile: this run is stored, the new one goes on.
      if (session.run !== run) return;
      session.sendProgress({ resultId: result.Id, passed: result.TestResult === TEST_RESULT.ok });
      drop(session);
      session.end();
    } catch (error) {
      log.error({ err: error, imei: session.imei }, 'installation test result not stored');
      drop(session);
      session.end('The test result could not be stored');
    }
  };

  const settle = (session: TestSession) => {
    if (session.phase === 'running' && isFinished(session.items)) void finish(session);
  };

  const onMessage = (event: DeviceMessageEvent) => {
    const session = sessions.get(event.imei);
    if (session?.phase !== 'running') return;
    session.observed = observe(session.observed, event.at, event.validJson ? event.data : null);
    session.reevaluate();
    session.sendRaw({
      Id: event.rawMessageId,
      TimeStampServer: event.at.toISOString(),
      Message: event.body,
    });
    session.sendProgress();
    settle(session);
  };

  /** Stops a session without a result (page closed, setinactive, shutdown). */
  const stop = (session: TestSession, error?: string) => {
    drop(session);
    session.end(error);
  };

  /** Nobody watches a running test any more (page closed): inactive, no result. */
  const abandon = (session: TestSession) => {
    if (session.phase !== 'running') return;
    stop(session);
    setSettingsActive(db, session.settings.id, false).catch((error: unknown) => {
      log.error({ err: error, imei: session.imei }, 'installation test not made inactive');
    });
  };

  return {
    listen(events: DeviceEvents): void {
      unsubscribe?.();
      unsubscribe = events.on('message', onMessage);
    },

    /** InitTestSocket: joins the device's running test and answers its items. */
    async join(connection: HubConnection, imei: unknown): Promise<void> {
      if (typeof imei !== 'string' || imei.trim() !== connectionImei(connection))
        throw new Error(WRONG_IMEI);
      let session = await open(imei.trim());
      // Dropped meanwhile by a joiner that left: open it again.
      if (session && sessions.get(session.imei) !== session) session = await open(session.imei);
      if (connection.closed) {
        // Gone while the settings were read: the same as closing the page after joining.
        if (session?.connections.size === 0) abandon(session);
        return;
      }
      if (!session || session.phase === 'ended') {
        connection.close(NOT_ACTIVE);
        return;
      }
      const previous = joined.get(connection);
      if (previous && previous !== session) previous.connections.delete(connection);
      joined.set(connection, session);
      adopt(session);
      session.connections.add(connection);
      session.sendList([connection]);
    },

    /** GetTestProgress: takes verdicts on state-4 items, re-evaluates, answers everyone. */
    progress(connection: HubConnection, request: unknown): void {
      const parsed = v.safeParse(GetTestProgressRequestSchema, request);
      if (!parsed.success) throw new Error(INVALID_PROGRESS_REQUEST);
      const session = joined.get(connection);
      if (!session) throw new Error(NOT_JOINED);
      if (parsed.output.IMEI !== session.imei) throw new Error(WRONG_IMEI);
      if (session.phase !== 'running') return;
      takeConfirmations(session.items, parsed.output.SocketModel, session.confirmations);
      session.reevaluate();
      session.sendProgress();
      settle(session);
    },

    /**
     * A closed connection; when the last one of a running test is gone for the grace period, the
     * test stops (inactive, no result).
     */
    leave(connection: HubConnection): void {
      const session = joined.get(connection);
      joined.delete(connection);
      if (!session) return;
      session.connections.delete(connection);
      if (session.connections.size > 0 || session.phase !== 'running') return;
      // A dropped network reconnects within the grace period and finds its test still running;
      // a closed page also calls setinactive, which stops the test at once.
      adopt(session);
      const timer = setTimeout(() => {
        orphans.delete(session);
        if (session.connections.size === 0) abandon(session);
      }, reconnectGraceMs);
      timer.unref();
      orphans.set(session, timer);
    },

    /** setactive: a running session starts over; connections get the fresh list. */
    restart(settings: SettingsRow): void {
      const session = sessions.get(settings.imei);
      if (!session) return;
      session.restart(settings);
      session.sendList();
    },

    /** setinactive: ends the session and closes its connections. */
    stop(imei: string, reason: string): void {
      const session = sessions.get(imei);
      if (session) stop(session, reason);
    },

    /** Running sessions (tests, diagnostics). */
    sessionCount: () => sessions.size,

    /**
     * Shutdown: forgets the sessions but leaves their tests active and their connections to the
     * hub, which closes them with allowReconnect; a client that reconnects to the restarted
     * server joins its test again. Run it before the hub's own shutdown.
     */
    close(): void {
      unsubscribe?.();
      unsubscribe = null;
      for (const session of sessions.values()) session.phase = 'ended';
      for (const timer of orphans.values()) clearTimeout(timer);
      orphans.clear();
      sessions.clear();
      joined.clear();
    },
  };
}
