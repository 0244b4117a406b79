/**
 * Device-link ingest throughput: the real server (src/server/main.ts) in a child process, a load
 * client in another, `connections` trackers posting over keep-alive HTTP to the device port for
 * `durationMs`. Counts acknowledged (200) messages per second, then checks that every one of
 * them is in raw_messages after shutdown.
 *
 *   npx tsx bench/ingest.ts [--duration 10] [--connections 64]   (BENCH_DATABASE_URL adds PostgreSQL)
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DEVICE_LINK_PATH } from '../src/shared/devices/device-link';
import { createSecretBox } from '../src/server/auth/secret-box';
import {
  openDatabase,
  selectRows,
  settleAfterBulkLoad,
  type Database,
} from '../src/server/db/client';
import { issueCredentialsToAll } from '../src/server/seed/credentials';
import { seedDemo } from '../src/server/seed/demo';
import { growFleet } from '../src/server/seed/fleet';
import { createRandom } from '../src/server/seed/random';
import type { IngestLoad, IngestPlan } from './ingest-client';
import { startServer } from './ingest-server';

export type IngestDatabase = 'pglite' | 'postgres';

export interface IngestOptions {
  /** Default: PGlite, plus PostgreSQL when `adminUrl` (or BENCH_DATABASE_URL) is set. */
  kinds?: IngestDatabase[];
  adminUrl?: string;
  durationMs?: number;
  warmupMs?: number;
  connections?: number;
  /**
   * Devices in the fleet (the demo's plus grown ones, like `npm run seed -- --devices`); the
   * connections walk through all of them, so each device row is updated at a realistic rate.
   */
  fleet?: number;
}

/** Same shape as bench/report.ts's Outcome, so run.ts can take it as is. */
export interface IngestResult {
  metrics: { name: string; value: number; unit: string; goal?: { op: '>='; limit: number } }[];
  details: Record<IngestDatabase, IngestRun | undefined>;
}

export interface IngestRun extends IngestLoad {
  messagesPerSecond: number;
  /** Rows in raw_messages after shutdown; at least `acknowledged` (nothing acknowledged is lost). */
  stored: number;
  lostAcknowledged: number;
  /** Server process CPU per acknowledged message over the measured window. */
  serverCpuMicrosPerMessage: number;
  /** The link's batch statistics as the server logged them at shutdown. */
  linkStats: unknown;
}

const GOALS: Record<IngestDatabase, number> = { pglite: 5_000, postgres: 10_000 };
const clientPath = fileURLToPath(new URL('./ingest-client.ts', import.meta.url));

/**
 * A seeded database the server can open: a PGlite folder, or a new PostgreSQL database. `setup`
 * adds what a benchmark needs on top (the forwarding benchmark's forwards).
 */
export async function prepareIngestDatabase(
  kind: IngestDatabase,
  adminUrl: string | undefined,
  fleet: number,
  setup?: (db: Database['db']) => Promise<void>,
) {
  let url: string | undefined;
  // The server's DATA_DIR (PGlite files, token secret) in either case.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-ingest-'));
  const removeDir = () => {
    rmSync(dataDir, { recursive: true, force: true });
  };
  let drop = () => {
    removeDir();
    return Promise.resolve();
  };
  if (kind === 'postgres') {
    if (!adminUrl) throw new Error('PostgreSQL needs BENCH_DATABASE_URL');
    const name = `fp_ingest_${randomBytes(6).toString('hex')}`;
    const admin = async (text: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(text).finally(() => client.end());
    };
    await admin(`create database ${name}`);
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = async () => {
      removeDir();
      await admin(`drop database if exists ${name} with (force)`);
    };
  }
  const open = () => openDatabase({ databaseUrl: url, dataDir });
  const database = await open();
  // The server opens the credentials with the same key.
  const secretsKey = randomBytes(32).toString('base64url');
  const secrets = createSecretBox(secretsKey);
  await seedDemo(database.db, { secrets });
  const owners = await selectRows<{ id: number }>(
    database.db,
    sql`select id from customers where not is_reseller order by id`,
  );
  await growFleet(
    database.db,
    fleet,
    owners.map((o) => o.id),
    createRandom(fleet),
  );
  // Every device of the grown fleet signs its messages, so each needs a credential.
  const credentials = await issueCredentialsToAll(database.db, secrets);
  await setup?.(database.db);
  await settleAfterBulkLoad(database.db);
  await database.close();
  /** Runs `work` on the database while no server has it open. */
  const withDatabase = async <T>(work: (db: Database['db']) => Promise<T>): Promise<T> => {
    const db = await open();
    try {
      return await work(db.db);
    } finally {
      await db.close();
    }
  };
  const countStored = async () => {
    const db = await open();
    const [row] = await selectRows<{ n: string }>(
      db.db,
      sql`select count(*) as n from raw_messages`,
    );
    await db.close();
    return Number(row?.n ?? 0);
  };
  return {
    devices: [...credentials],
    env: { DATABASE_URL: url ?? '', DATA_DIR: dataDir, SECRETS_KEY: secretsKey },
    countStored,
    withDatabase,
    drop,
  };
}

export function load(plan: IngestPlan): Promise<IngestLoad> {
  return new Promise((resolve, reject) => {
    const child = fork(clientPath, { execArgv: ['--import', 'tsx'] });
    let result: IngestLoad | undefined;
    child.once('message', (message) => (result = message as IngestLoad));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`ingest client exited with ${String(code)} without a result`));
    });
    child.send(plan);
  });
}

async function runOne(kind: IngestDatabase, options: IngestOptions): Promise<IngestRun> {
  const prepared = await prepareIngestDatabase(kind, options.adminUrl, options.fleet ?? 10_000);
  try {
    const storedBefore = await prepared.countStored();
    const server = await startServer(prepared.env);
    const warmupMs = options.warmupMs ?? 2_000;
    let cpuSeconds = Number.NaN;
    let loadResult: IngestLoad;
    try {
      const running = load({
        url: `http://127.0.0.1:${server.devicePort}${DEVICE_LINK_PATH}`,
        devices: prepared.devices,
        connections: options.connections ?? 64,
        warmupMs,
        durationMs: options.durationMs ?? 10_000,
      });
      // The server's CPU over the measured window only (start-up and warm-up excluded).
      await new Promise((resolve) => setTimeout(resolve, warmupMs + 300));
      const cpuBefore = server.cpuSeconds();
      loadResult = await running;
      cpuSeconds = server.cpuSeconds() - cpuBefore;
    } finally {
      await server.stop();
    }
    const stored = (await prepared.countStored()) - storedBefore;
    // Messages sent during warm-up are stored but not counted as acknowledged in the window.
    return {
      ...loadResult,
      messagesPerSecond: Math.round(loadResult.acknowledged / (loadResult.wallMs / 1000)),
      stored,
      lostAcknowledged: Math.max(0, loadResult.acknowledged - stored),
      // On a shared machine throughput depends on the neighbours; this does much less.
      serverCpuMicrosPerMessage: Math.round((cpuSeconds / loadResult.acknowledged) * 1e6),
      linkStats: server.linkStats(),
    };
  } finally {
    await prepared.drop();
  }
}

export async function runIngestBenchmark(options: IngestOptions = {}): Promise<IngestResult> {
  const adminUrl = options.adminUrl ?? process.env.BENCH_DATABASE_URL;
  const kinds = options.kinds ?? (adminUrl ? ['pglite', 'postgres'] : ['pglite']);
  const result: IngestResult = { metrics: [], details: { pglite: undefined, postgres: undefined } };
  for (const kind of kinds) {
    const run = await runOne(kind, { ...options, adminUrl });
    result.details[kind] = run;
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    result.metrics.push(
      {
        name: `acknowledged messages/s (${label})`,
        value: run.messagesPerSecond,
        unit: 'msg/s',
        goal: { op: '>=', limit: GOALS[kind] },
      },
      { name: `p99 latency (${label})`, value: Math.round(run.p99Ms * 10) / 10, unit: 'ms' },
      { name: `acknowledged but lost (${label})`, value: run.lostAcknowledged, unit: 'messages' },
    );
    console.log(
      `  ${label}: ${run.messagesPerSecond} msg/s acknowledged, p50 ${run.p50Ms.toFixed(1)} ms, ` +
        `p99 ${run.p99Ms.toFixed(1)} ms, failed ${run.failed}, stored ${run.stored}, ` +
        `server CPU ${run.serverCpuMicrosPerMessage} µs/msg, ` +
        `link ${JSON.stringify(run.linkStats)}`,
    );
  }
  return result;
}

// Standalone: npx tsx bench/ingest.ts
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string' },
      connections: { type: 'string' },
      fleet: { type: 'string' },
    },
  });
  process.chdir(fileURLToPath(new URL('..', import.meta.url)));
  runIngestBenchmark({
    durationMs: values.duration ? Number(values.duration) * 1000 : undefined,
    connections: values.connections ? Number(values.connections) : undefined,
    fleet: values.fleet ? Number(values.fleet) : undefined,
  }).then(
    (result) => {
      const missed = result.metrics.some((m) => m.goal && m.value < m.goal.limit);
      process.exit(missed ? 1 : 0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
