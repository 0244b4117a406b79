import {
  isNoProfile,
  type SettingEditInput,
  type SettingInput,
} from '@shared/devices/device-settings';
import type { DeviceDetail, DeviceSetting } from '@shared/devices/devices';
import type { CustomerScope } from '@server/auth/tenancy';
import type { Caller } from '@server/auth/tokens';
import type { DbOrTx } from '@server/db/client';
import { badRequest, notFound } from '@server/errors/http-errors';
import {
  isoOrNull,
  loadDeviceDetail,
  logDeviceChange,
  nameList,
  recomputeSync,
  requireDeviceById,
  requireDeviceByImei,
} from '@server/modules/devices';
import { applyWantedProfile } from '@server/modules/settings-profiles';
import {
  deletePendingSettings,
  deleteSetting,
  findSettingInScope,
  insertPendingSettings,
  listSettingsOfDevice,
  updatePendingSetting,
  type SettingRecord,
} from './repository';
import { checkSettingReferences } from './setting-references';

/** A profile chosen (not '--'): its settings follow in the same transaction (decision 042). */
const assignsProfile = (settings: readonly { SettingName: string; Value: string }[]) =>
  settings.some((s) => s.SettingName === 'settingsProfileID' && !isNoProfile(s.Value));

export const PROCESSED_SETTING = 'An applied setting cannot be edited';
export const SETTING_NOT_FOUND = 'Setting not found';

const toDeviceSetting = (row: SettingRecord): DeviceSetting => ({
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
    const setting = await findSettingInScope(db, scope, id);
    if (!setting) throw notFound(SETTING_NOT_FOUND);
    return setting;
  };

  return {
    /** The device's settings history, newest first, with Processed. */
    async list(scope: CustomerScope, imei: string): Promise<DeviceSetting[]> {
      const device = await requireDeviceByImei(db, scope, imei);
      return (await listSettingsOfDevice(db, device.id)).map(toDeviceSetting);
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
        await insertPendingSettings(tx, device.id, settings);
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
        const updated = await updatePendingSetting(tx, id, input);
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
        await deleteSetting(tx, id);
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
        const removed = await deletePendingSettings(tx, device.id);
        await recomputeSync(tx, device.id);
        if (removed > 0)
          await logDeviceChange(tx, caller, device, `${removed} pending setting(s) removed`);
      });
      return loadDeviceDetail(db, scope, device.id);
    },
  };
}
