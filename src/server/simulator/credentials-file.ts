import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_DEVICE_CREDENTIALS_FILE } from '@shared/devices/device-link';
import type { SimulatedDeviceIdentity } from './simulator';

/** DATA_DIR/demo-device-credentials.json, where the demo seed writes the fleet's credentials. */
export const defaultCredentialsFile = (dataDir = process.env.DATA_DIR ?? './data'): string =>
  path.join(dataDir, DEMO_DEVICE_CREDENTIALS_FILE);

/**
 * The devices of a credentials file (a JSON object IMEI → credential), in file order. Entries
 * that are not a string credential are skipped.
 */
export function readCredentialsFile(file: string): SimulatedDeviceIdentity[] {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`${file}: expected a JSON object of IMEI → credential`);
  return Object.entries(parsed).flatMap(([imei, credential]) =>
    typeof credential === 'string' ? [{ imei, credential }] : [],
  );
}
