import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '@server/db/client';

/** Where a test database starts from; a migrated, empty one by default. */
export interface TestDatabaseSource {
  /** PostgreSQL: the database to copy. */
  template?: string;
  /** PGlite: a dumped data directory to start from. */
  image?: Blob;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is
 * set, a new PostgreSQL database (a copy of a migrated template) that is dropped again on close.
 */
export async function createTestDatabase(from: TestDatabaseSource = {}): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDatabase({ loadDataDir: from.image ?? (await migratedImage()) });

  const template = from.template ?? (await migratedTemplate(adminUrl));
  const name = `fp_test_${randomBytes(6).toString('hex')}`;
  await copyTestDatabase(adminUrl, template, name);
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
}

async function withAdmin<T>(adminUrl: string, use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Any number: the advisory lock under which one test file builds the template at a time. */
const TEMPLATE_LOCK = 580_058;

/**
 * The name of a migrated PostgreSQL database that each test file copies (`create database …
 * template …`, well under a second) instead of migrating its own (several seconds each, for
 * ~110 files): built once per migrations' content, under an advisory lock, and renamed into
 * place only when complete, so no file ever copies half a template.
 */
export async function migratedTemplate(adminUrl: string): Promise<string> {
  const name = `fp_template_${migrationsHash().slice(0, 16)}`;
  return withAdmin(adminUrl, async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${building}`);
      const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, building) });
      await database.close();
      await admin.query(`alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}

/** PostgreSQL refuses to copy a template a session is still connected to: 55006. */
const OBJECT_IN_USE = '55006';

export async function copyTestDatabase(
  adminUrl: string,
  template: string,
  name: string,
): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        return;
      } catch (error) {
        // The template's builder may still be closing its connections, or another file copying
        // at the same moment: wait a little and try again.
        const code = (error as { code?: string }).code;
        if (code !== OBJECT_IN_USE || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
}

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));
const pglitePackage = fileURLToPath(
  new URL('../../../node_modules/@electric-sql/pglite/package.json', import.meta.url),
);

/**
 * One migrated PGlite data directory, shared by every test file through a file named by the
 * migrations' content: loading it takes about a third of creating a database and migrating it,
 * for each of the ~130 server test files. openDatabase still runs the migrations (none left).
 */
async function migratedImage(): Promise<Blob> {
  // PGlite's own version too: another release may not read this one's data directory.
  const hash = createHash('sha256')
    .update(readFileSync(pglitePackage))
    .update(migrationsHash())
    .digest('hex');
  const image = path.join(tmpdir(), `fleet-portal-pglite-${hash.slice(0, 16)}.tar`);
  try {
    return new Blob([readFileSync(image)]);
  } catch {
    const database = await openDatabase({});
    const dump = await database.dump?.();
    await database.close();
    if (!dump) throw new Error('PGlite gave no data directory dump');
    const bytes = Buffer.from(await dump.arrayBuffer());
    // Written aside, then renamed: files starting at once never read half an image.
    const partial = `${image}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, bytes);
    renameSync(partial, image);
    return new Blob([bytes]);
  }
}

/** The migrations' content, as hex: a new migration makes a new image and a new template. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) {
      hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
    }
  }
  return hash.digest('hex');
}
