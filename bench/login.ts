/**
 * Sign-in time: POST auth/login over HTTP with the password-hash settings of
 * src/server/auth/passwords.ts, one client at a time and with a few at once. The clients run in
 * this process; a sign-in is mostly argon2id on the libuv thread pool, which they do not use.
 */
import { randomBytes } from 'node:crypto';
import { apiPaths } from '../src/shared/api/api-paths';
import { hashPassword } from '../src/server/auth/passwords';
import { createSecretBox } from '../src/server/auth/secret-box';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../src/server/seed/demo';
import { startBenchApi } from './bench-api';
import { freshDatabase } from './dataset';
import { printBlock, type Metric, type Outcome } from './report';
import { percentile, round, table } from './stats';

const WARMUP = 5;
const SEQUENTIAL = 50;
const CLIENTS = 4;
const PER_CLIENT = 25;

/** One correct sign-in (correct ones are never throttled): its time in ms. */
async function signIn(url: string, email: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: email, Password: DEMO_PASSWORD }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`sign-in as ${email}: HTTP ${response.status}`);
  return performance.now() - start;
}

async function series(url: string, email: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await signIn(url, email));
  return times;
}

interface Run {
  name: string;
  clients: number;
  times: number[];
  wallMs: number;
}

const summary = (run: Run) => ({
  p50: round(percentile(run.times, 50)),
  p95: round(percentile(run.times, 95)),
  perSecond: round((run.times.length / run.wallMs) * 1000),
});

export async function benchLogin(): Promise<Outcome> {
  // `$argon2id$v=19$m=…,t=…,p=…$salt$hash`: the settings new hashes get.
  const settings = (await hashPassword('x')).split('$')[3] ?? '?';
  const fresh = await freshDatabase('pglite');
  try {
    await seedDemo(fresh.database.db, {
      secrets: createSecretBox(randomBytes(32).toString('base64url')),
    });
    const api = await startBenchApi(fresh.database);
    try {
      const url = api.apiBase + apiPaths.login;
      const emails = DEMO_ACCOUNTS.map((a) => a.email);
      await series(url, emails[0] ?? '', WARMUP);

      const runs: Run[] = [];
      let start = performance.now();
      const sequential = await series(url, emails[0] ?? '', SEQUENTIAL);
      runs.push({
        name: 'sequential',
        clients: 1,
        times: sequential,
        wallMs: performance.now() - start,
      });

      start = performance.now();
      const concurrent = await Promise.all(
        Array.from({ length: CLIENTS }, (_, i) =>
          series(url, emails[i % emails.length] ?? '', PER_CLIENT),
        ),
      );
      runs.push({
        name: `${CLIENTS} clients`,
        clients: CLIENTS,
        times: concurrent.flat(),
        wallMs: performance.now() - start,
      });

      printBlock(`Sign-in (POST auth/login), argon2id ${settings}`, [
        table(
          ['run', 'sign-ins', 'p50 ms', 'p95 ms', 'per s'],
          runs.map((r) => {
            const s = summary(r);
            return [
              r.name,
              String(r.times.length),
              String(s.p50),
              String(s.p95),
              String(s.perSecond),
            ];
          }),
          [1, 2, 3, 4],
        ),
      ]);
      const metrics: Metric[] = runs.flatMap((r) => {
        const s = summary(r);
        return [
          { name: `sign-in ${r.name}: p50`, value: s.p50, unit: 'ms' },
          { name: `sign-in ${r.name}: p95`, value: s.p95, unit: 'ms' },
          { name: `sign-in ${r.name}: throughput`, value: s.perSecond, unit: '/s' },
        ];
      });
      return { metrics, details: { settings, runs: runs.map((r) => ({ ...r, ...summary(r) })) } };
    } finally {
      await api.close();
    }
  } finally {
    await fresh.dispose();
  }
}
