/** The API server in-process on a benchmark database, listening on a free loopback port. */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { API_BASE, apiPaths } from '../src/shared/api/api-paths';
import type { LoginResponse } from '../src/shared/access/auth';
import { buildApp } from '../src/server/app';
import type { Database } from '../src/server/db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo';

export interface BenchApi {
  /** `http://127.0.0.1:{port}/api/` */
  apiBase: string;
  /** Signs a demo account in and returns its access token. */
  signIn(email: string): Promise<string>;
  close(): Promise<void>;
}

export async function startBenchApi(database: Database): Promise<BenchApi> {
  const app = await buildApp({
    database,
    tokenSecret: randomBytes(32).toString('base64url'),
    secretsKey: randomBytes(32).toString('base64url'),
    // A benchmark signs in once; its token must outlast a long run (15 minutes by default).
    tokenTtlSeconds: 4 * 3600,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const apiBase = `http://127.0.0.1:${port}${API_BASE}`;
  return {
    apiBase,
    async signIn(email) {
      if (!DEMO_ACCOUNTS.some((a) => a.email === email))
        throw new Error(`${email} is not a demo account`);
      const response = await fetch(apiBase + apiPaths.login, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Email: email, Password: DEMO_PASSWORD }),
      });
      if (!response.ok) throw new Error(`sign-in as ${email}: HTTP ${response.status}`);
      return ((await response.json()) as LoginResponse).AccessToken;
    },
    close: () => app.close(),
  };
}
