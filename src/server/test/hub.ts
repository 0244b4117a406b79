/** A real listening Fastify with toy hubs, and stock SignalR clients for the hub tests. */
import {
  HttpTransportType,
  HubConnectionBuilder,
  LogLevel,
  type HubConnection as ClientConnection,
} from '@microsoft/signalr';
import { MessagePackHubProtocol } from '@microsoft/signalr-protocol-msgpack';
import Fastify, { type FastifyInstance } from 'fastify';
import { createTokenService, type Caller } from '@server/auth/tokens';
import { notFound } from '@server/errors/http-errors';
import { registerHub, type RegisteredHub } from '@server/hub/index';
import type { HubLimits } from '@server/hub/limits';
import type { HubConnection, HubDefinition } from '@server/hub/types';

export const TOY_PATH = '/api/toy/ws';
/** A second hub on the same server with short timeouts and small buffers. */
export const FAST_PATH = '/api/fast/ws';
export const FAST_LIMITS: Partial<HubLimits> = {
  pingIntervalMs: 150,
  clientTimeoutMs: 600,
  connectTimeoutMs: 300,
  handshakeTimeoutMs: 300,
  lingerMs: 300,
  maxBufferedBytes: 4096,
  sweepIntervalMs: 25,
  shutdownGraceMs: 300,
};

export const CALLERS = {
  admin: { userId: 1, role: 'Admin', customerId: 1, isReseller: false },
  user: { userId: 3, role: 'User', customerId: 3, isReseller: false },
  viewer: { userId: 4, role: 'Viewer', customerId: 3, isReseller: false },
} satisfies Record<string, Caller>;

export interface HubEvents {
  /** `IMEI: passed|refused` per authorize call. */
  authorized: string[];
  connected: HubConnection[];
  disconnected: { connection: HubConnection; error?: Error }[];
}

function toyHub(path: string, events: HubEvents): HubDefinition {
  // The hub server passes the query saved at negotiate again when the transport connects.
  const seen = new WeakSet<URLSearchParams>();
  return {
    path,
    /** `hidden` is always refused; `once` passes negotiate, then is refused at connect. */
    authorize(_caller, query) {
      const imei = query.get('IMEI') ?? '';
      const refused = imei === 'hidden' || (imei === 'once' && seen.has(query));
      seen.add(query);
      events.authorized.push(`${imei}: ${refused ? 'refused' : 'passed'}`);
      return refused ? Promise.reject(notFound('Device not found')) : Promise.resolve();
    },
    onConnected: (connection) => void events.connected.push(connection),
    onDisconnected: (connection, error) => void events.disconnected.push({ connection, error }),
    methods: {
      Echo: (_connection, value) => value,
      Nothing: () => undefined,
      Fail: () => {
        throw new Error('The echo chamber is closed');
      },
      Push: (connection, text) => {
        connection.send('Pushed', text, { n: 42 });
      },
      /** Sends `count` messages of `size` characters at once (backpressure). */
      Flood: (connection, count, size) => {
        const text = 'x'.repeat(Number(size));
        for (let i = 0; i < Number(count); i++) connection.send('Flood', text);
      },
      CloseMe: (connection, reason) => {
        connection.close(typeof reason === 'string' ? reason : undefined);
      },
      WhoAmI: (connection) => ({
        userId: connection.caller.userId,
        imei: connection.query.get('IMEI'),
        connectionId: connection.connectionId,
      }),
      Slow: async (_connection, ms, value) => {
        await new Promise((resolve) => setTimeout(resolve, Number(ms)));
        return value;
      },
    },
  };
}

export interface HubServer {
  app: FastifyInstance;
  baseUrl: string;
  toy: RegisteredHub;
  fast: RegisteredHub;
  events: HubEvents;
  token(who: keyof typeof CALLERS): string;
  close(): Promise<void>;
}

export async function startHubServer(): Promise<HubServer> {
  const app = Fastify({ logger: false });
  const tokens = createTokenService('hub-test-secret-long-enough-for-hs256', 3600);
  // No database here: signed tokens are enough (sessions are tested with the real app).
  const auth = { authenticate: (token: string) => Promise.resolve(tokens.verify(token)) };
  const events: HubEvents = { authorized: [], connected: [], disconnected: [] };
  const toy = await registerHub(app, { auth }, toyHub(TOY_PATH, events));
  const fast = await registerHub(app, { auth, limits: FAST_LIMITS }, toyHub(FAST_PATH, events));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    baseUrl: address,
    toy,
    fast,
    events,
    token: (who) => tokens.issue(CALLERS[who], `session-of-${who}`).token,
    close: () => app.close(),
  };
}

export type ProtocolName = 'json' | 'messagepack';
export type TransportName = 'WebSockets' | 'LongPolling';

export interface ClientOptions {
  protocol?: ProtocolName;
  transport?: TransportName;
  token?: string;
  skipNegotiation?: boolean;
}

export function hubClient(url: string, options: ClientOptions = {}): ClientConnection {
  const builder = new HubConnectionBuilder()
    .withUrl(url, {
      transport: HttpTransportType[options.transport ?? 'WebSockets'],
      skipNegotiation: options.skipNegotiation ?? false,
      ...(options.token ? { accessTokenFactory: () => options.token ?? '' } : {}),
    })
    .configureLogging(LogLevel.None);
  if (options.protocol === 'messagepack') builder.withHubProtocol(new MessagePackHubProtocol());
  return builder.build();
}

/** Resolves with the first value `register` reports, or rejects after `ms`. */
export function next<T>(register: (resolve: (value: T) => void) => void, ms = 5000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`nothing within ${ms} ms`));
    }, ms);
    register((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/** Polls `check` until it holds (hub callbacks run on the server's own schedule). */
export async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const RS = '\u001e';

/** Negotiates over HTTP; returns the connection token (or the failing status). */
export async function negotiateToken(
  server: HubServer,
  path: string,
  who: keyof typeof CALLERS,
): Promise<string> {
  const response = await fetch(`${server.baseUrl}${path}/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token(who)}` },
  });
  if (!response.ok) throw new Error(`negotiate: ${response.status}`);
  return ((await response.json()) as { connectionToken: string }).connectionToken;
}
