import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createSecretBox } from '@server/auth/secret-box';
import { openDatabase, type Database } from '@server/db/client';
import { seedDemo } from '@server/seed/demo';
import {
  copyTestDatabase,
  createTestDatabase,
  databaseUrl,
  dropDatabase,
  migratedTemplate,
} from './database';

export const TEST_SECRETS_KEY = 'test-secrets-key-for-encrypted-columns';

/**
 * The demo data the server project's test files start from, seeded once per run
 * (seeded-demo-setup.ts): seeding took ~9 of each file's ~11 s of set-up. PGlite: a dumped data
 * directory in a file; PostgreSQL: a database the files copy as a template.
 */
export interface SeededDemo {
  image?: string;
  template?: string;
  /** IMEI → device-link credential, in clear (stored sealed in the data). */
  deviceCredentials: [string, string][];
}

declare module 'vitest' {
  export interface ProvidedContext {
    seededDemo: SeededDemo | undefined;
  }
}

async function seed(database: Database): Promise<SeededDemo['deviceCredentials']> {
  const { deviceCredentials } = await seedDemo(database.db, {
    secrets: createSecretBox(TEST_SECRETS_KEY),
  });
  return [...deviceCredentials];
}

/** Seeds the run's demo data; the returned function removes it again. */
export async function buildSeededDemo(): Promise<{
  seeded: SeededDemo;
  remove: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = `fp_seeded_${randomBytes(6).toString('hex')}`;
    await copyTestDatabase(adminUrl, await migratedTemplate(adminUrl), template);
    const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, template) });
    const deviceCredentials = await seed(database).finally(() => database.close());
    return {
      seeded: { template, deviceCredentials },
      remove: () => dropDatabase(adminUrl, template),
    };
  }
  const database = await createTestDatabase();
  const deviceCredentials = await seed(database);
  const dump = await database.dump?.();
  await database.close();
  if (!dump) throw new Error('PGlite gave no data directory dump');
  const dir = mkdtempSync(path.join(tmpdir(), 'fp-seeded-demo-'));
  const image = path.join(dir, 'data.tar');
  writeFileSync(image, Buffer.from(await dump.arrayBuffer()));
  return {
    seeded: { image, deviceCredentials },
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

/**
 * A fresh database with the demo data for one test file: a copy of the run's seeded demo, or,
 * outside a run that seeded one (a project without the set-up), seeded here.
 */
export async function openSeededDemo(): Promise<{
  database: Database;
  deviceCredentials: Map<string, string>;
}> {
  const seeded = inject('seededDemo');
  if (!seeded) {
    const database = await createTestDatabase();
    return { database, deviceCredentials: new Map(await seed(database)) };
  }
  const database = seeded.template
    ? await createTestDatabase({ template: seeded.template })
    : await createTestDatabase({ image: new Blob([readFileSync(seeded.image ?? '')]) });
  return { database, deviceCredentials: new Map(seeded.deviceCredentials) };
}
