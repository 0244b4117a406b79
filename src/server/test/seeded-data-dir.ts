import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from '@server/db/client';
import { writeDemoCredentials } from '@server/seed/credentials';
import { TEST_SECRETS_KEY } from './seeded-demo';

/**
 * Fills an empty DATA_DIR with the run's seeded demo (the embedded database, its secrets key and
 * the device credentials file), so that a server started on it as a child process serves in
 * seconds instead of loading the demo data first (about 20 s on a busy machine). Without a seeded
 * image (a run on PostgreSQL, or a project without the set-up) it leaves the directory empty and
 * the child seeds on its first start, as `npm start` does.
 */
export async function fillWithSeededDemo(dataDir: string): Promise<void> {
  const image = inject('seededDemo')?.image;
  if (!image) return;
  const database = await openDatabase({
    dataDir,
    loadDataDir: new Blob([readFileSync(image)]),
  });
  await database.close();
  // The demo's secrets were sealed with this key: the child must open them with it.
  writeFileSync(path.join(dataDir, 'secrets-key'), TEST_SECRETS_KEY, { mode: 0o600 });
  writeDemoCredentials(dataDir, new Map(inject('seededDemo')?.deviceCredentials ?? []));
}
