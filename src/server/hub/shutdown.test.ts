/** Closing the app closes every hub connection with a Close that allows reconnecting. */
import { expect, it } from 'vitest';
import { hubClient, next, startHubServer, TOY_PATH } from '@server/test/hub';

it('sends every client a Close on app close and lets the app finish promptly', async () => {
  const server = await startHubServer();
  const url = `${server.baseUrl}${TOY_PATH}`;
  const clients = [
    hubClient(url, { token: server.token('user'), transport: 'WebSockets' }),
    hubClient(url, { token: server.token('user'), transport: 'LongPolling' }),
    hubClient(url, {
      token: server.token('admin'),
      transport: 'LongPolling',
      protocol: 'messagepack',
    }),
  ];
  await Promise.all(clients.map((client) => client.start()));
  expect(server.toy.connectionCount()).toBe(3);
  const closed = clients.map((client) =>
    next<Error | undefined>((done) => {
      client.onclose(done);
    }),
  );

  // Long pollers between two polls would meet Fastify's 503 for requests during close instead.
  await new Promise((resolve) => setTimeout(resolve, 300));
  // Without the hub's preClose hook, held polls would keep close() waiting until the next ping
  // (15 s): the test's 10 s timeout fails that.
  await server.close();
  for (const error of await Promise.all(closed)) {
    expect(error?.message).toBe('Server returned an error on close: Server is shutting down.');
  }
  expect(server.toy.connectionCount()).toBe(0);
  expect(server.events.disconnected).toHaveLength(3);
}, 10_000);
