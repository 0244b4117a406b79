import type { HubConnection, ILogger, LogLevel } from '@microsoft/signalr';
import { API_BASE } from '@shared/api/api-paths';
import {
  DEVICE_TEST_CLIENT_METHODS,
  DEVICE_TEST_HUB_PATH,
  DEVICE_TEST_SERVER_METHODS,
  type TestItem,
  type TestProgress,
  type TestRawMessage,
} from '@shared/devices/device-tests';
import { freshAccessToken } from '@app/lib/api-client';
import {
  problemOf,
  type ConnectionProblem,
} from '@app/features/device-tests/model/connection-problem';
import { readProgress, readRawMessages, readTestList } from './hub-payloads';

export interface TestHubListener {
  onConnected(): void;
  onReconnecting(): void;
  /** The connection ended for good (not after a result): the page says why. */
  onClosed(problem: ConnectionProblem): void;
  onTestList(items: TestItem[]): void;
  onProgress(progress: TestProgress): void;
  onRawMessages(messages: TestRawMessage[]): void;
}

export interface TestHub {
  stop(): Promise<void>;
}

/** Absolute: the SignalR client resolves relative URLs only where it detects a browser. */
export const hubUrl = (imei: string) =>
  new URL(
    `${API_BASE}${DEVICE_TEST_HUB_PATH}?IMEI=${encodeURIComponent(imei)}`,
    window.location.origin,
  ).toString();

/**
 * The page tells users what went wrong in its own words, so the client's lines (a refused or
 * failed connection is an error to it) go to the debug console only.
 */
const debugLogger = (warning: LogLevel): ILogger => ({
  log(level, message) {
    if (level >= warning) console.debug(`[live test] ${message}`);
  },
});

/**
 * Builds the connection. The SignalR client and its MessagePack protocol are imported here, on
 * demand, so they load with the live test page and not with the sign-in bundle.
 */
async function buildConnection(imei: string): Promise<HubConnection> {
  const [signalR, { MessagePackHubProtocol }] = await Promise.all([
    import('@microsoft/signalr'),
    import('@microsoft/signalr-protocol-msgpack'),
  ]);
  return new signalR.HubConnectionBuilder()
    .withUrl(hubUrl(imei), {
      // Asked at every (re)connect: an expired token is renewed first (decision 023).
      accessTokenFactory: freshAccessToken,
      transport: signalR.HttpTransportType.WebSockets | signalR.HttpTransportType.LongPolling,
    })
    .withHubProtocol(new MessagePackHubProtocol())
    .withAutomaticReconnect()
    .configureLogging(debugLogger(signalR.LogLevel.Warning))
    .build();
}

/**
 * Opens the live test of one device: connects, sends InitTestSocket (again after every
 * reconnect: that is a new connection to the hub), and reports what the server sends. `stop()`
 * works at any point, also before the connection is up.
 */
export function openTestHub(imei: string, listener: TestHubListener): TestHub {
  let connection: HubConnection | null = null;
  let stopped = false;
  // Read through a call: TypeScript would take the flag as still false after each await.
  const isStopped = () => stopped;
  const init = (c: HubConnection) => c.send(DEVICE_TEST_CLIENT_METHODS.initTestSocket, imei);

  const started = (async () => {
    const c = await buildConnection(imei);
    if (isStopped()) return;
    connection = c;
    const { receiveTestList, receiveTestProgress, receiveRawMessage } = DEVICE_TEST_SERVER_METHODS;
    c.on(receiveTestList, (payload: unknown) => {
      const items = readTestList(payload);
      if (items) listener.onTestList(items);
    });
    c.on(receiveTestProgress, (payload: unknown) => {
      const progress = readProgress(payload);
      if (progress) listener.onProgress(progress);
    });
    c.on(receiveRawMessage, (payload: unknown) => {
      listener.onRawMessages(readRawMessages(payload));
    });
    c.onreconnecting(() => {
      listener.onReconnecting();
    });
    c.onreconnected(() => {
      listener.onConnected();
      void init(c);
    });
    c.onclose((error) => {
      if (!isStopped()) listener.onClosed(problemOf(error));
    });
    await c.start();
    if (isStopped()) return;
    listener.onConnected();
    await init(c);
  })().catch((error: unknown) => {
    if (!isStopped()) listener.onClosed(problemOf(error));
  });

  return {
    async stop() {
      stopped = true;
      await connection?.stop();
      await started;
    },
  };
}
