/** The hub inside the real app (compression, error handler, SPA fallback) with real sign-ins. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAuthenticator, createSessionStore, sessionPolicy } from '@server/auth/sessions';
import { createTokenService } from '@server/auth/tokens';
import type { LoginResponse } from '@shared/access/auth';
import { DEMO_PASSWORD } from '@server/seed/demo';
import { createTestContext, TEST_SECRET, type TestContext } from '@server/test/harness';
import { registerHub } from './index';
import { hubClient } from '@server/test/hub';

const PATH = '/api/integration/ws';
let context: TestContext;
let baseUrl: string;

beforeAll(async () => {
  context = await createTestContext();
  // As app.ts wires it: the same secret and sessions, so the portal's access tokens open the hub
  // until their session ends.
  const auth = createAuthenticator(
    createTokenService(TEST_SECRET, 3600),
    createSessionStore(context.database.db, sessionPolicy()),
  );
  await registerHub(
    context.app,
    { auth },
    { path: PATH, methods: { Echo: (_connection, value) => value } },
  );
  baseUrl = await context.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => context.close());

const bearer = async (email: string) =>
  (await context.authHeader(email)).authorization.replace('Bearer ', '');

it('serves signed-in users on both transports, large answers included', async () => {
  const token = await bearer('user@demo.test');
  const large = 'x'.repeat(20_000);
  for (const transport of ['WebSockets', 'LongPolling'] as const) {
    for (const protocol of ['json', 'messagepack'] as const) {
      const client = hubClient(`${baseUrl}${PATH}`, { token, transport, protocol });
      await client.start();
      await expect(client.invoke('Echo', large)).resolves.toBe(large);
      await client.stop();
    }
  }
});

it("answers refusals in the API's error shape", async () => {
  const negotiate = (authorization?: string) =>
    fetch(`${baseUrl}${PATH}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: authorization ? { authorization } : {},
    });
  const anonymous = await negotiate();
  expect([anonymous.status, await anonymous.json()]).toEqual([
    401,
    { message: 'Authentication required' },
  ]);
  const viewer = await negotiate(`Bearer ${await bearer('viewer@demo.test')}`);
  expect([viewer.status, await viewer.json()]).toEqual([
    403,
    { message: 'Viewers have read-only access' },
  ]);
});

it('refuses the token of a logged-out session, on negotiate and on a WebSocket', async () => {
  const login = await context.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { Email: 'user@demo.test', Password: DEMO_PASSWORD },
  });
  const token = login.json<LoginResponse>().AccessToken;
  const negotiate = () =>
    fetch(`${baseUrl}${PATH}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
  expect((await negotiate()).status).toBe(200);
  const logout = await context.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(logout.statusCode).toBe(204);
  expect((await negotiate()).status).toBe(401);
  const socket = hubClient(`${baseUrl}${PATH}`, { token, skipNegotiation: true });
  await expect(socket.start()).rejects.toThrow();
});

it('lists the negotiate and long-polling routes in the OpenAPI document', async () => {
  const response = await context.app.inject({ url: '/api/docs/json' });
  const { paths } = response.json<{ paths: Record<string, object> }>();
  expect(Object.keys(paths[`${PATH}/negotiate`] ?? {})).toEqual(['post']);
  expect(Object.keys(paths[PATH] ?? {}).sort()).toEqual(['delete', 'get', 'post']);
});
