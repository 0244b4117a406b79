import { and, asc, eq, gt, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { devices, deviceSettings } from '../../db/schema';

/**
 * Re-derives a device's wanted configuration and InSync flag after its pending settings changed
 * (added, edited, removed, acknowledged or failed): the new configuration is the applied one
 * with every unprocessed setting laid over it in the order they were made, and so is every
 * failed one no later setting of its name has applied since. The device is in sync when nothing
 * is laid over. Call it inside the transaction that changed the settings.
 */
export async function recomputeSync(tx: DbOrTx, deviceId: number): Promise<void> {
  const later = alias(deviceSettings, 'later');
  const pending = await tx
    .select({ name: deviceSettings.settingName, value: deviceSettings.value })
    .from(deviceSettings)
    .where(
      and(
        eq(deviceSettings.deviceId, deviceId),
        or(
          eq(deviceSettings.processed, false),
          and(
            isNotNull(deviceSettings.failure),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(later)
                .where(
                  and(
                    eq(later.deviceId, deviceSettings.deviceId),
                    eq(later.settingName, deviceSettings.settingName),
                    gt(later.id, deviceSettings.id),
                    eq(later.processed, true),
                    isNull(later.failure),
                  ),
                ),
            ),
          ),
        ),
      ),
    )
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
