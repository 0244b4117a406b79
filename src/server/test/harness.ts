import { buildApp, type AppOptions } from '@server/app';
import type { Database } from '@server/db/client';
import { DEMO_PASSWORD } from '@server/seed/demo';
import type { App } from '@server/http/types';
import { openSeededDemo, TEST_SECRETS_KEY } from './seeded-demo';

export { TEST_SECRETS_KEY };

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256';

export interface TestContext {
  app: App;
  database: Database;
  /** Device-link credentials of the demo fleet, IMEI → credential (sign with auth/device-signing). */
  deviceCredentials: ReadonlyMap<string, string>;
  /** Signs in a demo account and returns its bearer header. */
  authHeader(email: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

/** The real app on a fresh database with the demo data, driven through `app.inject()`. */
export async function createTestContext(options: Partial<AppOptions> = {}): Promise<TestContext> {
  const { database, deviceCredentials } = await openSeededDemo();
  const app = await buildApp({
    database,
    tokenSecret: TEST_SECRET,
    secretsKey: TEST_SECRETS_KEY,
    ...options,
  });
  const tokens = new Map<string, string>();
  return {
    app,
    database,
    deviceCredentials,
    async authHeader(email) {
      let token = tokens.get(email);
      if (!token) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { Email: email, Password: DEMO_PASSWORD },
        });
        if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.body}`);
        token = response.json<{ AccessToken: string }>().AccessToken;
        tokens.set(email, token);
      }
      return { authorization: `Bearer ${token}` };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Listens on a free loopback port, for tests that need a real socket; returns the port. */
export async function listenOnLoopback(app: App): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}
