import { readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * What the forward receivers share (`npm run receiver` and the protocol tests): the test TLS
 * certificate, waiting for something without fixed sleeps, free ports, and the line printed per
 * message received.
 */

const fixture = (name: string) =>
  fileURLToPath(new URL(`../forwarding/test/fixtures/${name}`, import.meta.url));

/**
 * A self-signed certificate for localhost, 127.0.0.1 and *.azure-devices.net (valid a hundred
 * years), with its key: the receivers' TLS identity, and the CA the tests' connector trusts.
 */
export const TEST_TLS = {
  certPath: fixture('test-cert.pem'),
  keyPath: fixture('test-key.pem'),
  get cert() {
    return readFileSync(this.certPath, 'utf8');
  },
  get key() {
    return readFileSync(this.keyPath, 'utf8');
  },
};

/** One message as a receiver saw it: what `npm run receiver` prints and tests compare. */
export interface ReceivedSummary {
  imei: string;
  messageType: string;
  messageId: string;
  replayed: boolean;
}

export type OnMessage = (summary: ReceivedSummary) => void;

export const summaryLine = (protocol: string, m: ReceivedSummary) =>
  `[${protocol}] IMEI ${m.imei} ${m.messageType} ${m.messageId}${m.replayed ? ' replayed' : ''}`;

/** The JSON envelope the HTTP JSON, MQTT and Azure senders deliver (envelope.ts). */
export interface Envelope {
  MessageId: string;
  IMEI: string;
  MessageType: string;
  ReceivedAt: string;
  Replayed: boolean;
  Message: unknown;
}

export function isEnvelope(value: unknown): value is Envelope {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.MessageId === 'string' &&
    typeof v.IMEI === 'string' &&
    typeof v.MessageType === 'string' &&
    typeof v.Replayed === 'boolean'
  );
}

export const summaryOf = (envelope: Envelope): ReceivedSummary => ({
  imei: envelope.IMEI,
  messageType: envelope.MessageType,
  messageId: envelope.MessageId,
  replayed: envelope.Replayed,
});

/** Polls `check` until it returns something other than undefined/false, or fails after timeoutMs. */
export async function waitFor<T>(
  check: () => T | undefined | false,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A port nothing listens on right now (for a process that binds it itself, e.g. mosquitto). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  return port;
}

/** Listens on `port` (0: any free one) and resolves with the port taken. */
export async function listen(server: net.Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as net.AddressInfo).port;
}

/** Tracks a server's connections so it can drop them all (a receiver going down). */
export function trackConnections(server: net.Server) {
  const sockets = new Set<net.Socket>();
  let count = 0;
  server.on('connection', (socket: net.Socket) => {
    count++;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // TLS servers report the raw socket on 'connection' too, so one handler covers both.
  return {
    get count() {
      return count;
    },
    dropAll() {
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** Stops listening and drops the open connections. */
export async function stopListening(
  server: net.Server,
  connections: { dropAll(): void },
): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  connections.dropAll();
  await closed;
}

/** What every receiver does with its server: listen, count connections, go down, come back. */
export async function serve(server: net.Server, port: number, host: string) {
  const connections = trackConnections(server);
  const bound = await listen(server, port, host);
  return {
    port: bound,
    get connections() {
      return connections.count;
    },
    /** Stops listening and drops connections, until up() (same port). */
    down: () => stopListening(server, connections),
    up: async () => {
      // Up already: nothing to do (a test restoring the receiver after it failed half-way).
      if (!server.listening) await listen(server, bound, host);
    },
    close: () => stopListening(server, connections),
  };
}
