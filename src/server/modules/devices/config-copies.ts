import { sql, type SQL } from 'drizzle-orm';
import { devices } from '@server/db/schema';

/** Applied-configuration settings that also live in their own `devices` column (lists, search). */
const COPIED_SETTINGS = {
  Firmware: 'firmware',
  ProtocolCode: 'protocolCode',
  APN: 'apn',
  BooterVersion: 'booterVersion',
  CAN1Version: 'can1Version',
  CAN2Version: 'can2Version',
} as const;

type CopyColumn = (typeof COPIED_SETTINGS)[keyof typeof COPIED_SETTINGS];

const entries = Object.entries(COPIED_SETTINGS) as [string, CopyColumn][];

/** The column values for a whole configuration (inserts). */
export function configCopies(config: Readonly<Record<string, unknown>>) {
  const values = {} as Record<CopyColumn, string | null>;
  for (const [setting, column] of entries) {
    const value = config[setting];
    // Configurations map setting names to text (numbers from older seeds are tolerated).
    values[column] = typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  }
  return values;
}

/**
 * SET expressions for laying `overlayJson` over the configuration: a setting in the overlay
 * replaces the copy, others keep it (the right-hand side sees the old row).
 */
export function configCopyUpdates(overlayJson: string): Record<CopyColumn, SQL> {
  const values = {} as Record<CopyColumn, SQL>;
  for (const [setting, column] of entries) {
    values[column] = sql`coalesce(${overlayJson}::jsonb ->> ${setting}, ${devices[column]})`;
  }
  return values;
}
