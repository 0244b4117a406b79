import net from 'node:net';
import tls from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, TEST_TLS, trackConnections, waitFor } from '@server/receiver/common';
import { PUBLIC_TARGET_REQUIRED } from '@server/forwarding/targets';
import { testConnector, testResolver } from '@server/forwarding/test/protocol-fixtures';
import { createConnector } from './connector';
import { DeliveryError } from './types';

/** A TCP (or TLS) server that counts connections and remembers the SNI names it was asked. */
async function startServer(options: { tls?: boolean; silent?: boolean } = {}) {
  const serverNames: (string | false | null)[] = [];
  const server = options.tls
    ? tls.createServer({ cert: TEST_TLS.cert, key: TEST_TLS.key }, (socket) => {
        socket.on('error', () => undefined);
        serverNames.push(socket.servername);
        socket.end('hello');
      })
    : net.createServer((socket) => {
        socket.on('error', () => undefined);
        if (!options.silent) socket.end('hello');
      });
  const connections = trackConnections(server);
  const port = await listen(server, 0, '127.0.0.1');
  servers.push(() => {
    connections.dropAll();
    server.close();
  });
  return { port, serverNames, connections };
}

const servers: (() => void)[] = [];
afterEach(() => {
  for (const stop of servers.splice(0)) stop();
});

const refusedFor = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return (error as DeliveryError).message;
};

describe('createConnector', () => {
  it('connects to the address the name resolved to, resolving it once', async () => {
    const { port, connections } = await startServer();
    const asked: string[] = [];
    const connector = testConnector({
      resolve: (name) => {
        asked.push(name);
        return testResolver(name);
      },
    });
    const socket = await connector.connect('receiver.example.com', port);
    expect(socket.remoteAddress).toBe('127.0.0.1');
    socket.destroy();
    expect(asked).toEqual(['receiver.example.com']);
    expect(connections.count).toBe(1);
  });

  it('refuses a name that resolves to a refused range without contacting it', async () => {
    const { port, connections } = await startServer();
    const connector = createConnector({ resolve: testResolver });
    const message = await refusedFor(connector.connect('receiver.example.com', port));
    expect(message).toBe(
      `${PUBLIC_TARGET_REQUIRED}: receiver.example.com points to a loopback address (127.0.0.1)`,
    );
    expect(connections.count).toBe(0);
  });

  it('refuses a literal loopback address, and a name with any refused address', async () => {
    const { port, connections } = await startServer();
    const connector = createConnector({
      resolve: () => Promise.resolve(['93.184.215.14', '127.0.0.1']),
    });
    expect(await refusedFor(connector.connect('127.0.0.1', port))).toContain(
      '127.0.0.1 is a loopback address',
    );
    expect(await refusedFor(connector.connect('rebound.example.com', port))).toContain(
      'points to a loopback address (127.0.0.1)',
    );
    expect(connections.count).toBe(0);
  });

  it('lets an allowed CIDR through', async () => {
    const { port } = await startServer();
    const connector = createConnector({ allowance: { ranges: [], cidrs: ['127.0.0.1/32'] } });
    const socket = await connector.connect('127.0.0.1', port);
    socket.destroy();
  });

  it('says when a name does not resolve or nothing listens', async () => {
    const connector = testConnector();
    expect(await refusedFor(connector.connect('nowhere.example.com', 80))).toBe(
      'nowhere.example.com does not resolve',
    );
    const { port } = await startServer();
    servers.splice(0).forEach((stop) => {
      stop();
    });
    expect(await refusedFor(connector.connect('localhost', port))).toBe(
      `Could not connect to localhost:${String(port)}: connection refused`,
    );
  });

  it('speaks TLS with the host name as server name, checked against the trusted CA', async () => {
    const { port, serverNames } = await startServer({ tls: true });
    const socket = await testConnector().connect('localhost', port, { tls: true });
    // The server's side of the handshake may finish just after ours.
    await waitFor(() => serverNames.length > 0, 'the server side of the handshake');
    socket.destroy();
    expect(serverNames).toEqual(['localhost']);
    // Without the test CA the self-signed certificate is not trusted.
    const untrusted = createConnector({ allowance: { ranges: ['loopback'], cidrs: [] } });
    expect(await refusedFor(untrusted.connect('127.0.0.1', port, { tls: true }))).toMatch(
      /^TLS with 127\.0\.0\.1 failed: .*self[- ]signed/,
    );
  });

  it('times out a connection whose handshake never completes', async () => {
    const { port } = await startServer({ silent: true });
    const connector = testConnector({ connectTimeoutMs: 200 });
    const started = Date.now();
    expect(await refusedFor(connector.connect('localhost', port, { tls: true }))).toBe(
      `Connecting to localhost:${String(port)} timed out after 0.2 s`,
    );
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('gives every socket it opens an error listener for its whole life (issue 25)', async () => {
    // An 'error' nobody hears stops the process: one a library lets slip must land somewhere.
    const unheard = (socket: net.Socket) => () => socket.emit('error', new Error('write EPIPE'));
    const plain = await testConnector().connect('localhost', (await startServer()).port);
    expect(unheard(plain)).not.toThrow();
    expect(plain.destroyed).toBe(true);

    const secure = await testConnector().connect(
      'localhost',
      (await startServer({ tls: true })).port,
      {
        tls: true,
      },
    );
    expect(unheard(secure)).not.toThrow();
    expect(secure.destroyed).toBe(true);
  });

  it('decides TLS by port: HTTP 443 and 8443, MQTT 8883, unless configured', () => {
    const connector = createConnector();
    expect(connector.usesTls('http', 443)).toBe(true);
    expect(connector.usesTls('http', 8443)).toBe(true);
    expect(connector.usesTls('http', 8883)).toBe(false);
    expect(connector.usesTls('mqtt', 8883)).toBe(true);
    expect(connector.usesTls('mqtt', 1883)).toBe(false);
    expect(createConnector({ tlsPorts: { http: [9443] } }).usesTls('http', 9443)).toBe(true);
    expect(connector.connectTimeoutMs).toBe(5000);
    expect(connector.answerTimeoutMs).toBe(15000);
  });
});
