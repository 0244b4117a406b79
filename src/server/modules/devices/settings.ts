import { and, desc, eq } from 'drizzle-orm';
import {
  isNoProfile,
  type SettingEditInput,
  type SettingInput,
} from '../../../shared/device-settings';
import type { DeviceDetail, DeviceSetting } from '../../../shared/devices';
import { scopeFilter, type CustomerScope } from '../../auth/tenancy';
import type { Caller } from '../../auth/tokens';
import type { DbOrTx } from '../../db/client';
import { devices, deviceSettings } from '../../db/schema';
import { badRequest, notFound } from '../../errors/http-errors';
import { logDeviceChange, nameList } from './change-log';
import { isoOrNull } from './device-dto';
import { loadDeviceDetail, requireDeviceByImei, requireDeviceById } from './lookup';
import { checkSettingReferences } from './setting-references';
import { recomputeSync } from './sync';
import { applyWantedProfile } from '../settings-profiles';

/** A profile chosen (not '--'): its settings follow in the same transaction (decision 042). */
const assignsProfile = (settings: readonly { SettingName: string; Value: string }[]) =>
  settings.some((s) => s.SettingName === 'settingsProfileID' && !isNoProfile(s.Value));

export const PROCESSED_SETTING = 'An applied setting cannot be edited';
export const SETTING_NOT_FOUND = 'Setting not found';

const toDeviceSetting = (row: typeof deviceSettings.$inferSelect): DeviceSetting => ({
  Id: row.id,
  SettingName: row.settingName,
  Value: row.value,
  Processed: row.processed,
  CreatedDate: row.createdDate.toISOString(),
  ProcessedDate: isoOrNull(row.processedDate),
});

/**
 * Pending settings: every change to a device's configuration is stored as a setting the device
 * applies later. Each change recomputes the wanted configuration and InSync in its transaction.
 */
export function createDeviceSettingService(db: DbOrTx) {
  /** The setting with this id on a device in the scope (404 otherwise). */
  const requireSetting = async (scope: CustomerScope, id: number) => {
    const [row] = await db
      .select({ setting: deviceSettings })
      .from(deviceSettings)
      .innerJoin(devices, eq(devices.id, deviceSettings.deviceId))
      .where(and(eq(deviceSettings.id, id), scopeFilter(scope, devices.customerId)));
    if (!row) throw notFound(SETTING_NOT_FOUND);
    return row.setting;
  };

  return {
    /** The device's settings history, newest first, with Processed. */
    async list(scope: CustomerScope, imei: string): Promise<DeviceSetting[]> {
      const device = await requireDeviceByImei(db, scope, imei);
      const rows = await db
        .select()
        .from(deviceSettings)
        .where(eq(deviceSettings.deviceId, device.id))
        .orderBy(desc(deviceSettings.id));
      return rows.map(toDeviceSetting);
    },

    /** Stores the settings as pending (in order) and answers the reloaded device. */
    async save(
      caller: Caller,
      scope: CustomerScope,
      imei: string,
      settings: readonly SettingInput[],
    ): Promise<DeviceDetail> {
      const device = await requireDeviceByImei(db, scope, imei);
      const errors = await checkSettingReferences(
        db,
        scope,
        device,
        settings,
        (i) => `SettingsList.${i}.Value`,
      );
      if (Object.keys(errors).length) throw badRequest(errors);
      await db.transaction(async (tx) => {
        await tx.insert(deviceSettings).values(
          settings.map((s) => ({
            deviceId: device.id,
            settingName: s.SettingName,
            value: s.Value,
          })),
        );
        await recomputeSync(tx, device.id);
        if (assignsProfile(settings)) await applyWantedProfile(tx, device.id);
        const names = nameList(settings.map((s) => s.SettingName));
        await logDeviceChange(tx, caller, device, `settings ${names} saved`);
      });
      return loadDeviceDetail(db, scope, device.id);
    },

    /** Edits one pending setting (the settings-history dialog); an applied one is final. */
    async edit(
      caller: Caller,
      scope: CustomerScope,
      id: number,
      input: SettingEditInput,
    ): Promise<DeviceSetting> {
      const setting = await requireSetting(scope, id);
      if (setting.processed) throw badRequest({ Processed: PROCESSED_SETTING });
      const device = await requireDeviceById(db, scope, setting.deviceId);
      const errors = await checkSettingReferences(db, scope, device, [input], () => 'Value');
      if (Object.keys(errors).length) throw badRequest(errors);
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(deviceSettings)
          .set({ settingName: input.SettingName, value: input.Value })
          .where(and(eq(deviceSettings.id, id), eq(deviceSettings.processed, false)))
          .returning();
        // Acknowledged between the read and this update: still final.
        if (!updated) throw badRequest({ Processed: PROCESSED_SETTING });
        await recomputeSync(tx, setting.deviceId);
        if (assignsProfile([input])) await applyWantedProfile(tx, setting.deviceId);
        const what = `pending setting ${id} changed to ${input.SettingName}`;
        await logDeviceChange(tx, caller, device, what);
        return toDeviceSetting(updated);
      });
    },

    /** Removes one setting (pending or from the history) and answers it. */
    async remove(caller: Caller, scope: CustomerScope, id: number): Promise<DeviceSetting> {
      const setting = await requireSetting(scope, id);
      const device = await requireDeviceById(db, scope, setting.deviceId);
      await db.transaction(async (tx) => {
        await tx.delete(deviceSettings).where(eq(deviceSettings.id, id));
        await recomputeSync(tx, setting.deviceId);
        const what = `setting ${id} (${setting.settingName}) removed`;
        await logDeviceChange(tx, caller, device, what);
      });
      return toDeviceSetting(setting);
    },

    /** 'Remove Unprocessed': drops every pending setting; answers the reloaded device. */
    async removeUnprocessed(
      caller: Caller,
      scope: CustomerScope,
      imei: string,
    ): Promise<DeviceDetail> {
      const device = await requireDeviceByImei(db, scope, imei);
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(deviceSettings)
          .where(and(eq(deviceSettings.deviceId, device.id), eq(deviceSettings.processed, false)))
          .returning({ id: deviceSettings.id });
        await recomputeSync(tx, device.id);
        if (removed.length > 0)
          await logDeviceChange(tx, caller, device, `${removed.length} pending setting(s) removed`);
      });
      return loadDeviceDetail(db, scope, device.id);
    },
  };
}
