import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either driver's database; repositories only see this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; it has the same query API as `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when the database had no tables before migrations ran. */
  wasEmpty: boolean;
  close(): Promise<void>;
  /** PGlite: its data directory as a tarball, to start other databases from (`loadDataDir`). */
  dump?(): Promise<Blob>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  /** A PostgreSQL connection string; PGlite is used when absent. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; in-memory when absent. */
  dataDir?: string | undefined;
  poolSize?: number;
  /**
   * PGlite only: a dumped data directory to start from (`dumpDataDir`), e.g. an already migrated
   * one. Starting from it is faster than creating a database and running every migration.
   */
  loadDataDir?: Blob | undefined;
  /**
   * An idle pooled connection failed (the server restarted, or an admin ended the backend).
   * pg raises that as an 'error' event that would otherwise end the process; the pool drops the
   * connection and opens a new one when needed.
   */
  onIdleError?: (error: Error) => void;
}

/** Opens the database and applies the migrations (same SQL on both drivers). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
    });
    pool.on('error', (error) => {
      (
        options.onIdleError ??
        ((e: Error) => {
          console.warn('database connection lost:', e.message);
        })
      )(error);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const wasEmpty = await isEmpty((sql) =>
      pool.query<Record<string, unknown>>(sql).then((r) => r.rows),
    );
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
    return { db, kind: 'postgres', wasEmpty, close: () => pool.end() };
  }
  let dataPath: string | undefined;
  if (options.dataDir) {
    dataPath = path.join(options.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
  }
  // pg_trgm backs the device search indexes; Debian's PostgreSQL ships it in contrib.
  const client = new PGlite({
    dataDir: dataPath,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    ...BYTEA_AS_HEX,
  });
  const wasEmpty = await isEmpty((sql) => client.query(sql).then((r) => r.rows));
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    wasEmpty,
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

const BYTEA = 17;

/**
 * bytea through PGlite as hex by Buffer: its own conversion makes a string per byte, which for
 * one 384 KiB firmware image is ~16 MiB of garbage and ~80 ms of blocked event loop each way
 * (bench `uploads`). Reads answer a Uint8Array, as PGlite's own parser does.
 */
const BYTEA_AS_HEX = {
  serializers: {
    [BYTEA]: (value: unknown) =>
      value instanceof Uint8Array
        ? `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`
        : String(value),
  },
  parsers: {
    [BYTEA]: (text: string) => new Uint8Array(Buffer.from(text.slice(2), 'hex')),
  },
};

async function isEmpty(query: (sql: string) => Promise<unknown[]>): Promise<boolean> {
  const rows = await query(
    "select 1 from information_schema.tables where table_schema = 'public' and table_name = 'users'",
  );
  return rows.length === 0;
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * After a bulk load (seed, fleet growth): sets the visibility map, merges the trigram indexes'
 * pending lists and refreshes planner statistics. PGlite has no autovacuum; before this, every
 * device search scanned the GIN pending lists and fetched heap pages for index-only scans
 * (docs/decisions/021). Runs outside any transaction.
 */
export async function settleAfterBulkLoad(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}
