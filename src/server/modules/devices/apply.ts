import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { devices, deviceSettings } from '@server/db/schema';
import { configCopyUpdates } from './config-copies';
import { recomputeSync } from './sync';

/**
 * Lays reported values over a device's applied configuration (`current_config`, a flat map
 * SettingName → value) and keeps the copied columns (firmware, protocol code, APN, versions:
 * config-copies.ts) equal to it. Then re-derives the wanted configuration and InSync.
 * For the device link: a device reporting its configuration. Run it inside a transaction.
 */
export async function mergeCurrentConfig(
  tx: DbOrTx,
  deviceId: number,
  values: Readonly<Record<string, string>>,
): Promise<void> {
  const overlay = JSON.stringify(values);
  await tx
    .update(devices)
    .set({
      currentConfig: sql`${devices.currentConfig} || ${overlay}::jsonb`,
      ...configCopyUpdates(overlay),
    })
    .where(eq(devices.id, deviceId));
  await recomputeSync(tx, deviceId);
}

/**
 * The device acknowledged these pending settings: marks them Processed, merges their values into
 * the applied configuration (in the order they were made, so the newest wins), updates the
 * firmware / protocol-code columns and recomputes InSync. Ids of other devices and settings that
 * were already processed are ignored. Answers the number of settings applied.
 * Called by the device link; keep the signature stable.
 */
export async function applyAcknowledgedSettings(
  tx: DbOrTx,
  deviceId: number,
  settingIds: readonly number[],
  at: Date = new Date(),
): Promise<number> {
  if (settingIds.length === 0) return 0;
  const acknowledged = await tx
    .update(deviceSettings)
    .set({ processed: true, processedDate: at })
    .where(
      and(
        eq(deviceSettings.deviceId, deviceId),
        inArray(deviceSettings.id, [...settingIds]),
        eq(deviceSettings.processed, false),
      ),
    )
    .returning({ id: deviceSettings.id });
  if (acknowledged.length === 0) return 0;
  const applied = await tx
    .select({ name: deviceSettings.settingName, value: deviceSettings.value })
    .from(deviceSettings)
    .where(
      inArray(
        deviceSettings.id,
        acknowledged.map((a) => a.id),
      ),
    )
    .orderBy(asc(deviceSettings.id));
  // fromEntries defines own keys, so no setting name can reach the object's prototype.
  const values = Object.fromEntries(applied.map((s) => [s.name, s.value]));
  await mergeCurrentConfig(tx, deviceId, values);
  return acknowledged.length;
}

/**
 * The device could not apply these pending settings (Ack.Failed: a library file's checksum, a
 * refused image): each is closed with its reason — not sent again — and the applied
 * configuration stays; the device is out of sync until a newer setting of that name applies
 * (recomputeSync). Other devices' and already closed ids are ignored. Answers how many closed.
 */
export async function failAcknowledgedSettings(
  tx: DbOrTx,
  deviceId: number,
  failures: readonly { id: number; reason: string }[],
  at: Date = new Date(),
): Promise<number> {
  if (failures.length === 0) return 0;
  const closed = await tx.execute(sql`
    update device_settings s set processed = true, processed_date = ${at}, failure = v.reason
    from json_to_recordset(${JSON.stringify(failures)}::json) as v(id bigint, reason text)
    where s.id = v.id and s.device_id = ${deviceId} and not s.processed
    returning s.id`);
  const count = (closed as { rows: unknown[] }).rows.length;
  if (count > 0) await recomputeSync(tx, deviceId);
  return count;
}
