/** Benchmark 1: GET /api/home/dashboard over HTTP on 100,000 devices and 1,000,000 messages. */
import { apiPaths } from '../src/shared/api/api-paths';
import type { Dashboard } from '../src/shared/customers/dashboard';
import { startBenchApi } from './bench-api';
import { freshDatabase, loadProductionScale, type DatabaseKind } from './dataset';
import { runLoad, type LoadPlan } from './http-load';
import { atMost, printBlock, type Metric, type Outcome } from './report';
import { percentile, round } from './stats';

const P95_GOAL_MS = 50;
const LOAD: Omit<LoadPlan, 'url' | 'token'> = {
  concurrency: 10,
  warmup: 20,
  requests: 1000,
  // Keeps a slow database from blowing the whole suite's ~10 minute budget.
  capMs: 20_000,
};
/**
 * One client alone, after the load: the time a request costs the server without queueing. Under
 * 10 clients p95 is roughly 10x this on PGlite, whose one connection runs queries one at a time.
 */
const SERIAL: Omit<LoadPlan, 'url' | 'token'> = {
  concurrency: 1,
  warmup: 0,
  requests: 30,
  capMs: 10_000,
};
const ACCOUNTS = ['admin@demo.test', 'user@demo.test'] as const;

const LABEL: Record<DatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

async function firstAnswer(url: string, token: string): Promise<Dashboard> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`dashboard: HTTP ${response.status}`);
  return (await response.json()) as Dashboard;
}

export async function benchDashboard(kind: DatabaseKind, adminUrl?: string): Promise<Outcome> {
  const label = LABEL[kind];
  console.log(`[dashboard/${label}] loading a fresh database…`);
  const fresh = await freshDatabase(kind, adminUrl);
  try {
    const load = await loadProductionScale(fresh.database);
    const api = await startBenchApi(fresh.database);
    try {
      const url = api.apiBase + apiPaths.dashboard;

      const metrics: Metric[] = [
        { name: `${label} load (seed + fleet + messages)`, value: load.totalSeconds, unit: 's' },
      ];
      const accounts = [];
      for (const email of ACCOUNTS) {
        const token = await api.signIn(email);
        const sample = await firstAnswer(url, token);
        const run = await runLoad({ ...LOAD, url, token });
        const serial = await runLoad({ ...SERIAL, url, token });
        for (const r of [run, serial])
          if (r.failures > 0)
            throw new Error(`${email}: ${r.failures} failed requests (${r.firstError ?? '?'})`);
        const ms = run.latenciesMs;
        if (ms.length === 0) throw new Error(`${email}: no request finished within the cap`);
        const stats = {
          email,
          deviceCount: sample.deviceCount,
          rawMessages: sample.rawMessages,
          requests: ms.length,
          concurrency: LOAD.concurrency,
          p50: round(percentile(ms, 50)),
          p95: round(percentile(ms, 95)),
          p99: round(percentile(ms, 99)),
          max: round(Math.max(...ms)),
          requestsPerSecond: round(ms.length / (run.wallMs / 1000)),
          cappedAtMs: ms.length < LOAD.requests ? LOAD.capMs : null,
          serialP50: round(percentile(serial.latenciesMs, 50)),
        };
        accounts.push(stats);
        const who = email.split('@')[0] ?? email;
        metrics.push(
          { name: `${label} ${who} p50`, value: stats.p50, unit: 'ms' },
          { name: `${label} ${who} p95`, value: stats.p95, unit: 'ms', goal: atMost(P95_GOAL_MS) },
          { name: `${label} ${who} p99`, value: stats.p99, unit: 'ms' },
          { name: `${label} ${who} throughput`, value: stats.requestsPerSecond, unit: 'req/s' },
          { name: `${label} ${who} p50, 1 client`, value: stats.serialP50, unit: 'ms' },
        );
      }

      printBlock(`Dashboard on ${label}`, [
        `load: ${load.devices} devices, ${load.messages} messages in ${load.totalSeconds} s`,
        ...Object.entries(load.steps).map(([step, s]) => `  ${step}: ${s} s`),
        `GET ${url}: ${LOAD.concurrency} concurrent clients after ${LOAD.warmup} warm-up ` +
          `requests (cap ${LOAD.capMs / 1000} s), then ${SERIAL.requests} from 1 client`,
        ...accounts.map(
          (a) =>
            `  ${a.email.padEnd(16)} n=${a.requests}${a.cappedAtMs ? ' (time cap)' : ''}  ` +
            `p50 ${a.p50} ms  p95 ${a.p95} ms  p99 ${a.p99} ms  max ${a.max} ms  ` +
            `${a.requestsPerSecond} req/s  1 client: p50 ${a.serialP50} ms  ` +
            `(answer: ${a.deviceCount} devices, ${a.rawMessages} messages)`,
        ),
        `goal: p95 <= ${P95_GOAL_MS} ms`,
      ]);
      return {
        metrics,
        details: { database: kind, load, plan: LOAD, serialPlan: SERIAL, accounts },
      };
    } finally {
      await api.close();
    }
  } finally {
    await fresh.dispose();
  }
}
