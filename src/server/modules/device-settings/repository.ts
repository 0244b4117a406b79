import { and, desc, eq } from 'drizzle-orm';
import type { SettingEditInput, SettingInput } from '@shared/devices/device-settings';
import { scopeFilter, type CustomerScope } from '@server/auth/tenancy';
import type { DbOrTx } from '@server/db/client';
import { devices, deviceSettings } from '@server/db/schema';

export type SettingRecord = typeof deviceSettings.$inferSelect;

/** The setting with this id, when its device is in the scope. */
export async function findSettingInScope(
  db: DbOrTx,
  scope: CustomerScope,
  id: number,
): Promise<SettingRecord | undefined> {
  const [row] = await db
    .select({ setting: deviceSettings })
    .from(deviceSettings)
    .innerJoin(devices, eq(devices.id, deviceSettings.deviceId))
    .where(and(eq(deviceSettings.id, id), scopeFilter(scope, devices.customerId)));
  return row?.setting;
}

/** A device's settings, newest first. */
export function listSettingsOfDevice(db: DbOrTx, deviceId: number): Promise<SettingRecord[]> {
  return db
    .select()
    .from(deviceSettings)
    .where(eq(deviceSettings.deviceId, deviceId))
    .orderBy(desc(deviceSettings.id));
}

/** Stores the settings as pending, in the order given. */
export async function insertPendingSettings(
  tx: DbOrTx,
  deviceId: number,
  settings: readonly SettingInput[],
): Promise<void> {
  await tx
    .insert(deviceSettings)
    .values(settings.map((s) => ({ deviceId, settingName: s.SettingName, value: s.Value })));
}

/** Changes the setting while it is still pending; undefined when it was applied meanwhile. */
export async function updatePendingSetting(
  tx: DbOrTx,
  id: number,
  input: SettingEditInput,
): Promise<SettingRecord | undefined> {
  const [updated] = await tx
    .update(deviceSettings)
    .set({ settingName: input.SettingName, value: input.Value })
    .where(and(eq(deviceSettings.id, id), eq(deviceSettings.processed, false)))
    .returning();
  return updated;
}

export async function deleteSetting(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(deviceSettings).where(eq(deviceSettings.id, id));
}

/** Drops the device's pending settings; answers how many. */
export async function deletePendingSettings(tx: DbOrTx, deviceId: number): Promise<number> {
  const removed = await tx
    .delete(deviceSettings)
    .where(and(eq(deviceSettings.deviceId, deviceId), eq(deviceSettings.processed, false)))
    .returning({ id: deviceSettings.id });
  return removed.length;
}
