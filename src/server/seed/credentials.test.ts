import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DEVICE_CREDENTIALS_FILE } from '@shared/devices/device-link';
import { createSecretBox } from '@server/auth/secret-box';
import { createTestDatabase } from '@server/test/database';
import type { Database } from '@server/db/client';
import { devices } from '@server/db/schema';
import { writeDemoCredentials } from './credentials';
import { seedDemo, type DemoSeed } from './demo';
import { growFleet } from './fleet';
import { createRandom } from './random';

const secrets = createSecretBox('a-secrets-key-for-the-seed-test');
let database: Database;
let seeded: DemoSeed;
beforeAll(async () => {
  database = await createTestDatabase();
  seeded = await seedDemo(database.db, { secrets });
});
afterAll(() => database.close());

describe('demo device credentials', () => {
  it('gives every demo device a credential, stored sealed, and returns them in clear', async () => {
    const rows = await database.db
      .select({ imei: devices.imei, credential: devices.credential })
      .from(devices)
      .orderBy(asc(devices.id));
    expect(rows.length).toBeGreaterThan(300);
    expect(seeded.deviceCredentials.size).toBe(rows.length);
    for (const row of rows) {
      const credential = seeded.deviceCredentials.get(row.imei) ?? '';
      expect(credential).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(row.credential).not.toContain(credential);
      expect(secrets.open(row.credential ?? '')).toBe(credential);
    }
    expect(new Set(seeded.deviceCredentials.values()).size).toBe(rows.length);
  });

  it('gives devices added later (npm run seed growth) none', async () => {
    const before = seeded.deviceCredentials.size;
    await growFleet(database.db, before + 5, [null], createRandom(7));
    const bare = await database.db.select().from(devices).where(isNull(devices.credential));
    expect(bare).toHaveLength(5);
    expect(bare.some((d) => seeded.deviceCredentials.has(d.imei))).toBe(false);
  });

  it('writes them to DATA_DIR/demo-device-credentials.json for the owner only', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-credentials-'));
    try {
      // An older file with looser permissions is tightened too.
      writeFileSync(path.join(dataDir, DEMO_DEVICE_CREDENTIALS_FILE), '{}', { mode: 0o644 });
      const file = writeDemoCredentials(dataDir, seeded.deviceCredentials);
      expect(file).toBe(path.join(dataDir, DEMO_DEVICE_CREDENTIALS_FILE));
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const written = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      expect(new Map(Object.entries(written))).toEqual(seeded.deviceCredentials);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
