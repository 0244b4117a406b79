import type { FastifyBaseLogger } from 'fastify';
import * as v from 'valibot';
import {
  DEVICE_TEST_IDLE_LIMIT_HOURS,
  DEVICE_TEST_NOT_ACTIVE,
  GetTestProgressRequestSchema,
  TEST_RESULT,
} from '@shared/devices/device-tests';
import type { Db } from '@server/db/client';
import type { DeviceEvents, DeviceMessageEvent } from '@server/events/device-events';
import type { HubConnection } from '@server/hub/types';
import { isFinished } from './evaluation';
import { emailOf, endRunWithoutResult, finishRun } from './runs';
import { replayRun } from './replay';
import {
  findRunningRunByImei,
  idleRuns,
  insertVerdict,
  listRunningRuns,
  touchRun,
  verdictsOfRun,
  type RunRow,
} from './runs-repository';
import { TestSession } from './session';
import { verdictsFromSocketModel } from './verdicts';

export const NOT_ACTIVE = DEVICE_TEST_NOT_ACTIVE;
export const WRONG_IMEI = 'This connection is for another IMEI';
export const NOT_JOINED = 'Call InitTestSocket first';
export const INVALID_PROGRESS_REQUEST = 'Invalid GetTestProgress request';
export const STOPPED = 'The installation test was stopped';
export const EXPIRED = `The installation test ended: nobody worked on it for ${DEVICE_TEST_IDLE_LIMIT_HOURS} hours`;

const HOUR_MS = 3_600_000;

export interface DeviceTestEngineOptions {
  /** A run nobody works on for this long ends without a result. */
  idleLimitMs?: number;
  /** How often running runs are checked against the idle limit. */
  sweepIntervalMs?: number;
}

/** The IMEI a hub connection was authorized for (`?IMEI=`). */
export const connectionImei = (connection: HubConnection): string =>
  (connection.query.get('IMEI') ?? connection.query.get('imei') ?? '').trim();

/**
 * Runs installation tests. Every running run has a session, watched or not: the device's messages
 * are evaluated as they are stored, so a test goes on — and can finish — while the installer's
 * phone is offline. A session is rebuilt from the database (the run's messages and verdicts) when
 * the server starts, so nothing of a running test lives only in memory. Only the installer
 * (stop, restart) or the idle limit ends a run without a result; a closed page never does.
 */
export class DeviceTestEngine {
  readonly #sessions = new Map<string, TestSession>();
  /** Sessions being rebuilt, and the messages that arrived meanwhile. */
  readonly #loading = new Map<string, { messages: DeviceMessageEvent[] }>();
  readonly #joined = new Map<HubConnection, TestSession>();
  readonly #idleLimitMs: number;
  readonly #sweepIntervalMs: number;
  #unsubscribe: (() => void) | null = null;
  #sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: DeviceTestEngineOptions = {},
  ) {
    this.#idleLimitMs = options.idleLimitMs ?? DEVICE_TEST_IDLE_LIMIT_HOURS * HOUR_MS;
    this.#sweepIntervalMs = options.sweepIntervalMs ?? 10 * 60_000;
  }

  listen(events: DeviceEvents): void {
    this.#unsubscribe?.();
    this.#unsubscribe = events.on('message', (event) => {
      this.#onMessage(event);
    });
  }

  /** Rebuilds the running runs' sessions and starts the idle check. */
  async start(): Promise<void> {
    for (const run of await listRunningRuns(this.db)) await this.#load(run);
    this.#sweeper = setInterval(() => {
      this.sweep().catch((error: unknown) => {
        this.log.error({ err: error }, 'installation test idle check failed');
      });
    }, this.#sweepIntervalMs);
    this.#sweeper.unref();
  }

  /** A new run (setactive): its session replaces the device's old one; watchers move over. */
  begin(run: RunRow): void {
    const old = this.#sessions.get(run.imei);
    const session = new TestSession(run);
    this.#sessions.set(run.imei, session);
    if (old) {
      old.phase = 'ended';
      for (const connection of old.connections) {
        session.connections.add(connection);
        this.#joined.set(connection, session);
      }
      old.connections.clear();
    }
    session.sendList();
  }

  /** A run ended without a result (setinactive, idle limit): closes its watchers with `reason`. */
  ended(run: RunRow, reason: string): void {
    const session = this.#sessions.get(run.imei);
    if (session?.run.id !== run.id) return;
    this.#drop(session);
    session.end(reason);
  }

  /** InitTestSocket: joins the device's running test and answers its items. */
  async join(connection: HubConnection, imei: unknown): Promise<void> {
    if (typeof imei !== 'string' || imei.trim() !== connectionImei(connection))
      throw new Error(WRONG_IMEI);
    const session = await this.#session(imei.trim());
    if (connection.closed) return;
    if (!session || session.phase === 'ended') {
      connection.close(NOT_ACTIVE);
      return;
    }
    const previous = this.#joined.get(connection);
    if (previous && previous !== session) previous.connections.delete(connection);
    this.#joined.set(connection, session);
    session.connections.add(connection);
    session.sendList([connection]);
    await this.#touch(session);
  }

  /** GetTestProgress: verdicts on items that await one now, bound to the values shown. */
  async progress(connection: HubConnection, request: unknown): Promise<void> {
    const parsed = v.safeParse(GetTestProgressRequestSchema, request);
    if (!parsed.success) throw new Error(INVALID_PROGRESS_REQUEST);
    const session = this.#joined.get(connection);
    if (!session) throw new Error(NOT_JOINED);
    if (parsed.output.IMEI !== session.imei) throw new Error(WRONG_IMEI);
    if (session.phase !== 'running') return;
    const { userId } = connection.caller;
    const by = await emailOf(this.db, userId);
    const verdicts = verdictsFromSocketModel(session.items, parsed.output.SocketModel, by);
    for (const verdict of verdicts) await insertVerdict(this.db, session.run.id, verdict, userId);
    await this.refresh(session.run);
  }

  /**
   * Takes a run's stored verdicts (new ones from the API or the hub) into its session, merged in
   * the order they were made, and re-evaluates; the installer was active.
   */
  async refresh(run: RunRow): Promise<void> {
    const session = await this.#session(run.imei);
    if (session?.run.id !== run.id || session.phase !== 'running') return;
    session.addVerdicts(await verdictsOfRun(this.db, run.id));
    session.reevaluate();
    session.sendProgress();
    this.#settle(session);
    await this.#touch(session);
  }

  /** A closed connection: it stops watching; the test goes on. */
  leave(connection: HubConnection): void {
    const session = this.#joined.get(connection);
    this.#joined.delete(connection);
    session?.connections.delete(connection);
  }

  /** Ends runs nobody worked on within the idle limit. */
  async sweep(now = new Date()): Promise<void> {
    for (const run of await idleRuns(this.db, new Date(now.getTime() - this.#idleLimitMs))) {
      const ended = await endRunWithoutResult(this.db, run, 'expired');
      if (ended) this.ended(run, EXPIRED);
    }
  }

  /** Running sessions (tests, diagnostics). */
  sessionCount = (): number => this.#sessions.size;

  /** The session of a running run, when this server holds one (tests). */
  sessionOf = (imei: string): TestSession | undefined => this.#sessions.get(imei);

  /**
   * Shutdown: forgets the sessions (their runs stay running in the database and are rebuilt at
   * the next start) and leaves the connections to the hub, which closes them with allowReconnect.
   */
  close(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    clearInterval(this.#sweeper);
    for (const session of this.#sessions.values()) session.phase = 'ended';
    this.#sessions.clear();
    this.#joined.clear();
  }

  #onMessage(event: DeviceMessageEvent): void {
    const loading = this.#loading.get(event.imei);
    if (loading) {
      loading.messages.push(event);
      return;
    }
    const session = this.#sessions.get(event.imei);
    if (session?.phase !== 'running') return;
    if (!session.take(event.rawMessageId, event.at, event.validJson ? event.data : null)) return;
    session.reevaluate();
    session.sendRaw({
      Id: event.rawMessageId,
      TimeStampServer: event.at.toISOString(),
      Message: event.body,
    });
    session.sendProgress();
    this.#settle(session);
  }

  async #session(imei: string): Promise<TestSession | null> {
    const held = this.#sessions.get(imei);
    if (held) return held;
    const run = await findRunningRunByImei(this.db, imei);
    return run ? this.#load(run) : null;
  }

  /** Rebuilds a run's session from its stored messages and verdicts. */
  async #load(run: RunRow): Promise<TestSession> {
    const buffer = { messages: [] as DeviceMessageEvent[] };
    this.#loading.set(run.imei, buffer);
    let session: TestSession;
    try {
      session = await replayRun(this.db, run);
    } finally {
      this.#loading.delete(run.imei);
    }
    const held = this.#sessions.get(run.imei);
    if (held) return held; // rebuilt meanwhile by another caller
    for (const event of buffer.messages)
      session.take(event.rawMessageId, event.at, event.validJson ? event.data : null);
    session.reevaluate();
    this.#sessions.set(run.imei, session);
    this.#settle(session);
    return session;
  }

  async #touch(session: TestSession): Promise<void> {
    await touchRun(this.db, session.run.id).catch((error: unknown) => {
      this.log.warn({ err: error, imei: session.imei }, 'installation test activity not recorded');
    });
  }

  #drop(session: TestSession): void {
    if (this.#sessions.get(session.imei) === session) this.#sessions.delete(session.imei);
    for (const connection of session.connections) this.#joined.delete(connection);
  }

  #settle(session: TestSession): void {
    if (session.phase === 'running' && isFinished(session.items)) void this.#finish(session);
  }

  async #finish(session: TestSession): Promise<void> {
    session.phase = 'finishing';
    try {
      const result = await finishRun(this.db, session.run, session.items, session.observed);
      this.#drop(session);
      if (!result) {
        session.end(NOT_ACTIVE);
        return;
      }
      session.sendProgress({ resultId: result.Id, passed: result.TestResult === TEST_RESULT.ok });
      session.end();
    } catch (error) {
      this.log.error({ err: error, imei: session.imei }, 'installation test result not stored');
      this.#drop(session);
      session.end('The test result could not be stored');
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The installation tests' engine (tests reach running sessions and the idle check). */
    deviceTests: DeviceTestEngine;
  }
}
