/** The hub inside the real app (compression, error handler, SPA fallback) with real sign-ins. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTokenService } from '../auth/tokens';
import { createTestContext, TEST_SECRET, type TestContext } from '../test/harness';
import { registerHub } from './index';
import { hubClient } from './test-support';

const PATH = '/api/integration/ws';
let context: TestContext;
let baseUrl: string;

beforeAll(async () => {
  context = await createTestContext();
  // As app.ts wires it: the same secret, so the portal's access tokens open the hub.
  await registerHub(
    context.app,
    { tokens: createTokenService(TEST_SECRET, 3600) },
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

it('lists the negotiate and long-polling routes in the OpenAPI document', async () => {
  const response = await context.app.inject({ url: '/api/docs/json' });
  const { paths } = response.json<{ paths: Record<string, object> }>();
  expect(Object.keys(paths[`${PATH}/negotiate`] ?? {})).toEqual(['post']);
  expect(Object.keys(paths[PATH] ?? {}).sort()).toEqual(['delete', 'get', 'post']);
});
