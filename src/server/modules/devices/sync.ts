import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { devices, deviceSettings } from '../../db/schema';

/**
 * Re-derives a device's wanted configuration and InSync flag after its pending settings changed
 * (added, edited, removed or acknowledged): the new configuration is the applied one with every
 * unprocessed setting laid over it in the order they were made, and the device is in sync when
 * nothing is pending. Call it inside the transaction that changed the settings.
 */
export async function recomputeSync(tx: DbOrTx, deviceId: number): Promise<void> {
  const pending = await tx
    .select({ name: deviceSettings.settingName, value: deviceSettings.value })
    .from(deviceSettings)
    .where(and(eq(deviceSettings.deviceId, deviceId), eq(deviceSettings.processed, false)))
    .orderBy(asc(deviceSettings.id));
  // fromEntries defines own keys, so no setting name can reach the object's prototype.
  const overlay = Object.fromEntries(pending.map((s) => [s.name, s.value]));
  await tx
    .update(devices)
    .set({
      newConfig: sql`${devices.currentConfig} || ${JSON.stringify(overlay)}::jsonb`,
      inSync: pending.length === 0,
    })
    .where(eq(devices.id, deviceId));
}
