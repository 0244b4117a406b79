/** A fresh database per run, loaded to production scale through the seed helpers the CLI uses. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, ne, sum } from 'drizzle-orm';
import pg from 'pg';
import { createSecretBox } from '../src/server/auth/secret-box';
import {
  openDatabase,
  settleAfterBulkLoad,
  type Database,
  type OpenOptions,
} from '../src/server/db/client';
import { customers, devices, messageCountsDaily } from '../src/server/db/schema';
import { seedDemo } from '../src/server/seed/demo';
import { addBulkMessages, growFleet } from '../src/server/seed/fleet';
import { createRandom } from '../src/server/seed/random';
import { rebuildMessageCounters } from '../src/server/modules/raw-messages/counters';
import { round, timed } from './stats';

export const FLEET_SIZE = 100_000;
export const BULK_MESSAGES = 1_000_000;

export type DatabaseKind = Database['kind'];

export interface FreshDatabase {
  database: Database;
  /** How another process opens the same database (after `release`, for PGlite). */
  options: OpenOptions;
  /** Closes this handle and keeps the data, so another process may open it. */
  release(): Promise<void>;
  /** Closes the database and deletes it (temp folder or dropped PostgreSQL database). */
  dispose(): Promise<void>;
}

/** PGlite in a temp DATA_DIR, or a new database on the server behind `adminUrl`. */
export async function freshDatabase(kind: DatabaseKind, adminUrl?: string): Promise<FreshDatabase> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-bench-'));
    const database = await openDatabase({ dataDir });
    let closing: Promise<void> | undefined;
    const release = () => (closing ??= database.close());
    return {
      database,
      options: { dataDir },
      release,
      async dispose() {
        await release();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!adminUrl) throw new Error('PostgreSQL needs BENCH_DATABASE_URL');
  const name = `fp_bench_${randomBytes(6).toString('hex')}`;
  const adminQuery = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await adminQuery(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ databaseUrl: url.toString() });
    let closing: Promise<void> | undefined;
    const release = () => (closing ??= database.close());
    return {
      database,
      options: { databaseUrl: url.toString() },
      release,
      async dispose() {
        await release();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  } catch (error) {
    await adminQuery(`drop database if exists ${name} with (force)`);
    throw error;
  }
}

export interface LoadReport {
  /** Seconds per step, in the order they ran. */
  steps: Record<string, number>;
  totalSeconds: number;
  devices: number;
  messages: number;
}

/** Demo seed, then the fleet grown over the demo customers and bulk messages, as `npm run seed`. */
export async function loadProductionScale(
  database: Database,
  { messages: bulkMessages = BULK_MESSAGES }: { messages?: number } = {},
): Promise<LoadReport> {
  const { db } = database;
  const steps: Record<string, number> = {};
  const step = async (name: string, work: () => Promise<unknown>) => {
    const { ms } = await timed(work);
    steps[name] = round(ms / 1000);
    console.log(`  ${name}: ${steps[name]} s`);
  };

  // These benchmarks drive no device: the demo credentials are sealed with a throwaway key.
  const secrets = createSecretBox(randomBytes(32).toString('base64url'));
  await step('seedDemo', () => seedDemo(db, { secrets }));
  // Like the seed CLI: the provider's own customer never owns devices.
  const owners = await db
    .select({ id: customers.id })
    .from(customers)
    .where(ne(customers.name, 'Fleet Portal Provider'));
  await step(`growFleet(${FLEET_SIZE})`, () =>
    growFleet(
      db,
      FLEET_SIZE,
      owners.map((o) => o.id),
      createRandom(FLEET_SIZE),
    ),
  );
  if (bulkMessages > 0)
    await step(`addBulkMessages(${bulkMessages})`, () => addBulkMessages(db, bulkMessages));
  await step('rebuildMessageCounters', () => rebuildMessageCounters(db));
  await step('vacuum analyze', () => settleAfterBulkLoad(db));

  const [fleet] = await db.select({ n: count() }).from(devices);
  const [messages] = await db.select({ n: sum(messageCountsDaily.total) }).from(messageCountsDaily);
  return {
    steps,
    totalSeconds: round(Object.values(steps).reduce((a, b) => a + b, 0)),
    devices: fleet?.n ?? 0,
    messages: Number(messages?.n ?? 0),
  };
}
