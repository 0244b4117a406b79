/** The WebSocket transport with a bare client: malformed frames, token reuse, timeouts, pings. */
import { encode } from '@msgpack/msgpack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRawSocket } from './raw-socket';
import {
  FAST_PATH,
  negotiateToken,
  RS,
  startHubServer,
  TOY_PATH,
  until,
  type HubServer,
} from '@server/test/hub';

let server: HubServer;
beforeAll(async () => {
  server = await startHubServer();
});
afterAll(() => server.close());

const url = (path: string, query: string) => `${server.baseUrl}${path}${query}`;

async function handshaken(path = TOY_PATH, protocol = 'json') {
  const raw = await openRawSocket(url(path, ''), server.token('user'));
  raw.socket.send(JSON.stringify({ protocol, version: 1 }) + RS);
  expect(String(await raw.next())).toBe('{}' + RS);
  return raw;
}

describe('WebSockets transport', () => {
  it('closes a connection that sends malformed JSON with an error, and keeps serving', async () => {
    const raw = await handshaken();
    raw.socket.send('{"type":1,"target":' + RS);
    const close = JSON.parse(String(await raw.next()).slice(0, -1)) as Record<string, unknown>;
    expect(close).toEqual({
      type: 7,
      error: 'Connection closed with an error. InvalidDataException: Error reading JSON.',
    });
    expect(await raw.closed).toBe(1000);

    const again = await handshaken();
    again.socket.send(
      JSON.stringify({ type: 1, invocationId: '1', target: 'Echo', arguments: [5] }) + RS,
    );
    expect(String(await again.next())).toBe('{"type":3,"invocationId":"1","result":5}' + RS);
    again.socket.close();
  });

  it('closes a connection whose MessagePack frame is not a message', async () => {
    const raw = await handshaken(TOY_PATH, 'messagepack');
    const invocation = encode([1, {}, '1', 'Echo', ['hi']]);
    raw.socket.send(Buffer.concat([Buffer.from([invocation.length]), invocation]));
    const reply = (await raw.next()) as Buffer;
    expect(reply[0]).toBe(reply.length - 1);
    raw.socket.send(Buffer.from([3, 0xc1, 0xc1, 0xc1]));
    const close = (await raw.next()) as Buffer;
    expect(close.toString('utf8')).toContain('Error reading MessagePack data.');
    expect(await raw.closed).toBe(1000);
  });

  it('refuses an unknown protocol in the handshake', async () => {
    const raw = await openRawSocket(url(TOY_PATH, ''), server.token('user'));
    raw.socket.send('{"protocol":"xml","version":1}' + RS);
    expect(await raw.next()).toBe(`{"error":"Requested protocol 'xml' is not available."}` + RS);
    expect(await raw.closed).toBe(1000);
  });

  it('attaches a connection token once, for the user who negotiated it', async () => {
    const id = await negotiateToken(server, TOY_PATH, 'user');
    await expect(openRawSocket(url(TOY_PATH, `?id=${id}`))).rejects.toThrow('HTTP 401');
    await expect(openRawSocket(url(TOY_PATH, `?id=${id}`), server.token('admin'))).rejects.toThrow(
      'HTTP 404',
    );
    const first = await openRawSocket(url(TOY_PATH, `?id=${id}`), server.token('user'));
    await expect(openRawSocket(url(TOY_PATH, `?id=${id}`), server.token('user'))).rejects.toThrow(
      'HTTP 409',
    );
    first.socket.close();
    await first.closed;
    await expect(openRawSocket(url(TOY_PATH, `?id=${id}`), server.token('user'))).rejects.toThrow(
      'HTTP 404',
    );
    await expect(openRawSocket(url(TOY_PATH, '?id=guess'), server.token('user'))).rejects.toThrow(
      'HTTP 404',
    );
  });

  it('takes the access_token query parameter (browsers) and refuses other paths', async () => {
    const token = server.token('user');
    const raw = await openRawSocket(url(TOY_PATH, `?access_token=${token}`));
    raw.socket.close();
    await expect(openRawSocket(url('/api/elsewhere', ''), token)).rejects.toThrow('HTTP 404');
  });

  it('drops a negotiated connection that never connects', async () => {
    const id = await negotiateToken(server, FAST_PATH, 'user');
    await new Promise((resolve) => setTimeout(resolve, 450));
    await expect(openRawSocket(url(FAST_PATH, `?id=${id}`), server.token('user'))).rejects.toThrow(
      'HTTP 404',
    );
  });

  it('closes a socket that sends no handshake', async () => {
    const raw = await openRawSocket(url(FAST_PATH, ''), server.token('user'));
    expect(await raw.closed).toBe(1000);
  });

  it('pings an idle client and closes one that stays silent', async () => {
    const raw = await handshaken(FAST_PATH);
    expect(await raw.next()).toBe('{"type":6}' + RS);
    let last = '';
    while (!last.includes('"type":7')) last = String(await raw.next());
    expect(last).toBe(
      JSON.stringify({
        type: 7,
        error: 'Server timeout elapsed without receiving a message from the client.',
      }) + RS,
    );
    expect(await raw.closed).toBe(1000);
  });

  it('cuts a client that stops reading instead of buffering for it', async () => {
    const raw = await handshaken(FAST_PATH);
    const before = server.events.disconnected.length;
    raw.socket.send(JSON.stringify({ type: 1, target: 'Flood', arguments: [4000, 4000] }) + RS);
    // The client's socket stops reading: the server's send buffer fills up.
    (raw.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    await until(() => server.events.disconnected.length > before);
    expect(server.events.disconnected.at(-1)?.error?.message).toBe(
      'The client did not read its messages fast enough.',
    );
    raw.socket.terminate();
  });
});
