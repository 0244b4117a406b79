import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is
 * set, a new PostgreSQL database that is dropped again on close.
 */
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDatabase({ loadDataDir: await migratedImage() });

  const name = `fp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
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
  const hash = createHash('sha256').update(readFileSync(pglitePackage));
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(full));
  }
  const image = path.join(tmpdir(), `fleet-portal-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
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
