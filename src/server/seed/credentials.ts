import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { DEMO_DEVICE_CREDENTIALS_FILE } from '@shared/devices/device-link';
import type { SecretBox } from '@server/auth/secret-box';
import { newDeviceCredential } from '@server/auth/device-signing';
import type { DbOrTx } from '@server/db/client';
import { devices } from '@server/db/schema';

/** IMEI → device-link credential, in clear. */
export type DeviceCredentials = Map<string, string>;

const CHUNK = 5000;

/**
 * Gives every device that exists now a new device-link credential, stored sealed, and returns
 * them in clear: for the demo fleet (seedDemo) and for benchmarks that drive a grown fleet.
 */
export async function issueCredentialsToAll(
  db: DbOrTx,
  secrets: SecretBox,
): Promise<DeviceCredentials> {
  const fleet = await db
    .select({ id: devices.id, imei: devices.imei })
    .from(devices)
    .orderBy(asc(devices.id));
  const credentials: DeviceCredentials = new Map();
  for (let i = 0; i < fleet.length; i += CHUNK) {
    const rows = fleet.slice(i, i + CHUNK).map((d) => {
      const credential = newDeviceCredential();
      credentials.set(d.imei, credential);
      return { id: d.id, credential: secrets.seal(credential) };
    });
    await db.execute(sql`
      update devices d set credential = v.credential
      from json_to_recordset(${JSON.stringify(rows)}::json) as v(id int, credential text)
      where d.id = v.id`);
  }
  return credentials;
}

/**
 * Writes the demo fleet's credentials to DATA_DIR/demo-device-credentials.json (IMEI →
 * credential), readable by the owner only, for the simulator and outside test tools.
 */
export function writeDemoCredentials(dataDir: string, credentials: DeviceCredentials): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DEMO_DEVICE_CREDENTIALS_FILE);
  writeFileSync(file, JSON.stringify(Object.fromEntries(credentials), null, 2) + '\n', {
    mode: 0o600,
  });
  // The mode above applies to a new file only.
  chmodSync(file, 0o600);
  return file;
}
