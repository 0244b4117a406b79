/** The stock @microsoft/signalr client against the hub: JSON and MessagePack × both transports. */
import { HubConnectionState } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hubClient,
  next,
  startHubServer,
  TOY_PATH,
  until,
  type HubServer,
  type ProtocolName,
  type TransportName,
} from '@server/test/hub';

let server: HubServer;
beforeAll(async () => {
  server = await startHubServer();
});
afterAll(() => server.close());

const toyUrl = (query = '?IMEI=123456789012345') => `${server.baseUrl}${TOY_PATH}${query}`;

const MATRIX: [ProtocolName, TransportName][] = [
  ['json', 'WebSockets'],
  ['json', 'LongPolling'],
  ['messagepack', 'WebSockets'],
  ['messagepack', 'LongPolling'],
];

describe.each(MATRIX)('%s over %s', (protocol, transport) => {
  const connect = async () => {
    const client = hubClient(toyUrl(), { protocol, transport, token: server.token('user') });
    await client.start();
    return client;
  };

  it('hands over the handshake, invokes with results and errors, and sends to the client', async () => {
    const client = await connect();
    try {
      expect(client.state).toBe(HubConnectionState.Connected);
      await expect(client.invoke('Echo', { a: [1, 'two', null] })).resolves.toEqual({
        a: [1, 'two', null],
      });
      await expect(client.invoke('Nothing')).resolves.toBeUndefined();
      // Method names match case-insensitively, as in ASP.NET Core.
      await expect(client.invoke('echo', 7)).resolves.toBe(7);
      await expect(client.invoke('Fail')).rejects.toThrow('The echo chamber is closed');
      await expect(client.invoke('Missing')).rejects.toThrow("Unknown hub method 'Missing'.");
      await expect(client.invoke('WhoAmI')).resolves.toMatchObject({
        userId: 3,
        imei: '123456789012345',
      });

      const pushed = next<unknown[]>((resolve) => {
        client.on('Pushed', (...args) => {
          resolve(args);
        });
      });
      await client.send('Push', 'hello');
      await expect(pushed).resolves.toEqual(['hello', { n: 42 }]);
    } finally {
      await client.stop();
    }
  });

  it('refuses a connection whose authorize fails when the transport connects', async () => {
    const client = hubClient(toyUrl('?IMEI=once'), {
      protocol,
      transport,
      token: server.token('user'),
    });
    await expect(client.start()).rejects.toThrow();
    expect(client.state).toBe(HubConnectionState.Disconnected);
    expect(server.events.authorized.slice(-2)).toEqual(['once: passed', 'once: refused']);
  });

  it('answers a stream request with an error', async () => {
    const client = await connect();
    try {
      const failed = next<Error>((resolve) => {
        client
          .stream('Echo', 1)
          .subscribe({ next: () => undefined, complete: () => undefined, error: resolve });
      });
      await expect(failed).resolves.toEqual(new Error('Streaming is not supported.'));
    } finally {
      await client.stop();
    }
  });

  it('runs invocations of one connection in order', async () => {
    const client = await connect();
    try {
      const results = await Promise.all([
        client.invoke('Slow', 60, 'first'),
        client.invoke('Echo', 'second'),
      ]);
      expect(results).toEqual(['first', 'second']);
    } finally {
      await client.stop();
    }
  });

  it('tells the hub when the client stops', async () => {
    const client = await connect();
    const { connectionId } = await client.invoke<{ connectionId: string }>('WhoAmI');
    expect(server.events.connected.map((c) => c.connectionId)).toContain(connectionId);
    await client.stop();
    await until(() =>
      server.events.disconnected.some((d) => d.connection.connectionId === connectionId),
    );
    const entry = server.events.disconnected.find(
      (d) => d.connection.connectionId === connectionId,
    );
    expect(entry?.error).toBeUndefined();
    expect(entry?.connection.closed).toBe(true);
  });

  it('closes from the server with an error the client sees', async () => {
    const client = await connect();
    const closed = next<Error | undefined>((resolve) => {
      client.onclose(resolve);
    });
    await client.send('CloseMe', 'Test finished');
    await expect(closed).resolves.toEqual(
      new Error('Server returned an error on close: Test finished'),
    );
    expect(client.state).toBe(HubConnectionState.Disconnected);
  });
});

describe('negotiate', () => {
  const negotiate = (headers: Record<string, string> = {}, query = '?negotiateVersion=1') =>
    fetch(`${server.baseUrl}${TOY_PATH}/negotiate${query}`, { method: 'POST', headers });

  it('answers version 1 with a connection token and both transports', async () => {
    const response = await negotiate({ authorization: `Bearer ${server.token('admin')}` });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      negotiateVersion: 1,
      availableTransports: [
        { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
        { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
      ],
    });
    expect(body.connectionToken).toMatch(/^[\w-]{22}$/);
    expect(body.connectionToken).not.toBe(body.connectionId);
  });

  it('answers 401 without a token, 403 for a Viewer, 400 without negotiateVersion', async () => {
    expect((await negotiate()).status).toBe(401);
    expect((await negotiate({ authorization: 'Bearer forged.token.here' })).status).toBe(401);
    const viewer = { authorization: `Bearer ${server.token('viewer')}` };
    expect((await negotiate(viewer)).status).toBe(403);
    const admin = { authorization: `Bearer ${server.token('admin')}` };
    expect((await negotiate(admin, '')).status).toBe(400);
  });

  it('checks the token before the input: bad input without a valid token is 401, not 400', async () => {
    expect((await negotiate({}, '')).status).toBe(401);
    expect((await negotiate({ authorization: 'Bearer forged.token.here' }, '?x=1')).status).toBe(
      401,
    );
    // Long polling without a connection id, too.
    for (const method of ['GET', 'POST', 'DELETE']) {
      expect((await fetch(`${server.baseUrl}${TOY_PATH}`, { method })).status).toBe(401);
    }
  });

  it('makes the stock client fail to start without a token, as a Viewer, or when refused', async () => {
    await expect(hubClient(toyUrl()).start()).rejects.toThrow(/401/);
    await expect(hubClient(toyUrl(), { token: server.token('viewer') }).start()).rejects.toThrow(
      /403/,
    );
    const refused = hubClient(toyUrl('?IMEI=hidden'), { token: server.token('admin') });
    await expect(refused.start()).rejects.toThrow(/404/);
  });

  it('lets a WebSockets client skip negotiation, still with token and authorize', async () => {
    const options = { skipNegotiation: true, token: server.token('admin') } as const;
    const client = hubClient(toyUrl(), options);
    await client.start();
    await expect(client.invoke('WhoAmI')).resolves.toMatchObject({ userId: 1 });
    await client.stop();
    await expect(hubClient(toyUrl('?IMEI=hidden'), options).start()).rejects.toThrow();
    await expect(hubClient(toyUrl(), { skipNegotiation: true }).start()).rejects.toThrow();
  });
});
