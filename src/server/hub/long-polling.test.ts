/** The long-polling transport over plain HTTP: the status codes the SignalR spec gives. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRawSocket } from './raw-socket';
import {
  FAST_PATH,
  negotiateToken,
  RS,
  startHubServer,
  TOY_PATH,
  type HubServer,
} from '@server/test/hub';

let server: HubServer;
beforeAll(async () => {
  server = await startHubServer();
});
afterAll(() => server.close());

type Who = 'user' | 'admin';

function lp(path: string, id: string, who: Who = 'user') {
  const target = `${server.baseUrl}${path}?id=${id}`;
  const headers = { authorization: `Bearer ${server.token(who)}` };
  return {
    poll: () => fetch(target, { headers }),
    send: (body: string) => fetch(target, { method: 'POST', headers, body }),
    stop: () => fetch(target, { method: 'DELETE', headers }),
  };
}

/** Negotiates, makes the first (empty) poll and the JSON handshake. */
async function started(path = TOY_PATH) {
  const id = await negotiateToken(server, path, 'user');
  const client = lp(path, id);
  const first = await client.poll();
  expect([first.status, await first.text()]).toEqual([200, '']);
  expect((await client.send('{"protocol":"json","version":1}' + RS)).status).toBe(200);
  const handshake = await client.poll();
  expect(await handshake.text()).toBe('{}' + RS);
  return { id, client };
}

describe('LongPolling transport', () => {
  it('delivers completions by poll and ends with 204 after DELETE', async () => {
    const { client } = await started();
    const invocation = { type: 1, invocationId: '7', target: 'Echo', arguments: ['x'] };
    expect((await client.send(JSON.stringify(invocation) + RS)).status).toBe(200);
    expect(await (await client.poll()).text()).toBe(
      '{"type":3,"invocationId":"7","result":"x"}' + RS,
    );

    const held = client.poll();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await client.stop()).status).toBe(202);
    expect((await held).status).toBe(204);
    expect((await client.send('{"type":6}' + RS)).status).toBe(404);
    expect((await client.poll()).status).toBe(404);
  });

  it('answers a superseded poll with 204', async () => {
    const { client } = await started();
    const older = client.poll();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const newer = client.poll();
    expect((await older).status).toBe(204);
    await client.send(JSON.stringify({ type: 1, target: 'Push', arguments: ['p'] }) + RS);
    expect(await (await newer).text()).toContain('"target":"Pushed"');
    await client.stop();
  });

  it('refuses other users (404), a missing id (400), and WebSockets on it (409)', async () => {
    const { id } = await started();
    expect((await lp(TOY_PATH, id, 'admin').poll()).status).toBe(404);
    expect((await lp(TOY_PATH, 'unknown').poll()).status).toBe(404);
    const noId = await fetch(`${server.baseUrl}${TOY_PATH}`, {
      headers: { authorization: `Bearer ${server.token('user')}` },
    });
    expect(noId.status).toBe(400);
    expect((await fetch(`${server.baseUrl}${TOY_PATH}?id=${id}`)).status).toBe(401);
    await expect(
      openRawSocket(`${server.baseUrl}${TOY_PATH}?id=${id}`, server.token('user')),
    ).rejects.toThrow('HTTP 409');
    await lp(TOY_PATH, id).stop();
  });

  it('closes on a malformed message and delivers the Close to the next poll', async () => {
    const { client } = await started();
    await client.send('{"type":"one"}' + RS);
    expect(await (await client.poll()).text()).toBe(
      JSON.stringify({
        type: 7,
        error:
          "Connection closed with an error. InvalidDataException: Missing required property 'type'.",
      }) + RS,
    );
    expect((await client.poll()).status).toBe(404);
  });

  it('holds a poll with nothing to say until a ping is due', async () => {
    const { client } = await started(FAST_PATH);
    const started_ = Date.now();
    expect(await (await client.poll()).text()).toBe('{"type":6}' + RS);
    expect(Date.now() - started_).toBeGreaterThanOrEqual(100);
    await client.stop();
  });

  it('drops what a client that stops polling does not fetch, and tells it why', async () => {
    const { client } = await started(FAST_PATH);
    await client.send(JSON.stringify({ type: 1, target: 'Flood', arguments: [10, 1000] }) + RS);
    const text = await (await client.poll()).text();
    expect(text).toBe(
      JSON.stringify({
        type: 7,
        error: 'The client did not read its messages fast enough.',
      }) + RS,
    );
  });
});
