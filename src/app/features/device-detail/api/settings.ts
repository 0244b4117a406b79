import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import { apiPaths } from '@shared/api/api-paths';
import type { DeviceDetail, DeviceSetting, SettingValue } from '@shared/devices/devices';
import { api } from '@app/lib/api-client';
import {
  findConflicts,
  isReplay,
  sendWrite,
  SettingsConflictError,
  type DeviceWriteVariables,
} from '@app/features/outbox';
import { settingSnapshot } from '@app/features/device-detail/model/setting-snapshot';
import { fetchDevice } from './device';
import { deviceDetailKeys, deviceWriteKeys, type DeviceRef } from './keys';

export const settingsHistoryQueryOptions = (imei: string) =>
  queryOptions({
    queryKey: deviceDetailKeys.settingsHistory(imei),
    queryFn: ({ signal }) => api.get<DeviceSetting[]>(apiPaths.deviceSettings(imei), { signal }),
  });

/**
 * The answer is the reloaded device: show it at once, and let the history catch up (not awaited:
 * a refetch waiting for the connection must not hold the device's queue).
 */
function deviceReloaded(client: QueryClient, ref: DeviceRef, device: DeviceDetail) {
  client.setQueryData(deviceDetailKeys.device(ref.deviceId), device);
  return client.invalidateQueries({ queryKey: deviceDetailKeys.settingsHistory(ref.imei) });
}

function settingChanged(client: QueryClient, ref: DeviceRef) {
  return Promise.all([
    client.invalidateQueries({ queryKey: deviceDetailKeys.device(ref.deviceId) }),
    client.invalidateQueries({ queryKey: deviceDetailKeys.settingsHistory(ref.imei) }),
  ]);
}

export interface SaveSettingsVariables extends DeviceWriteVariables {
  settings: SettingValue[];
  /** The pending values the installer saw when making the change (conflict check on replay). */
  base?: Record<string, string>;
}

/**
 * A queued change is checked against the device as it is now before it is sent: a setting that
 * someone else changed meanwhile is a conflict for the installer to decide, never overwritten.
 */
async function assertNoConflict(variables: SaveSettingsVariables, signal?: AbortSignal) {
  if (!variables.base || !isReplay(variables)) return;
  const device = await fetchDevice(variables.deviceId, signal, { notify: false });
  const names = variables.settings.map((setting) => setting.SettingName);
  const conflicts = findConflicts(
    variables.settings,
    variables.base,
    settingSnapshot(device, names),
  );
  if (conflicts.length > 0) throw new SettingsConflictError(conflicts);
}

/** `POST devices/settings/{imei}`: the changes become pending settings. */
export const saveSettingsMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.settings(),
    mutationFn: (variables: SaveSettingsVariables) =>
      sendWrite(variables, async (options) => {
        await assertNoConflict(variables, options.signal);
        return api.post<DeviceDetail>(
          apiPaths.deviceSettings(variables.imei),
          { SettingsList: variables.settings },
          options,
        );
      }),
    onSuccess: (device, variables, _result, { client }) => {
      if (!isReplay(variables)) toast.success(`Settings saved for ${variables.imei}`);
      void deviceReloaded(client, variables, device);
    },
  });

export interface EditSettingVariables extends DeviceWriteVariables {
  id: number;
  SettingName: string;
  Value: string;
}

export const editSettingMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.settingEdit(),
    mutationFn: (variables: EditSettingVariables) =>
      sendWrite(variables, (options) =>
        api.put<DeviceSetting>(
          apiPaths.deviceSettings(variables.id),
          { SettingName: variables.SettingName, Value: variables.Value },
          options,
        ),
      ),
    onSuccess: (_setting, variables, _result, { client }) => {
      if (!isReplay(variables)) toast.success('The setting has been updated');
      void settingChanged(client, variables);
    },
  });

export interface RemoveSettingVariables extends DeviceWriteVariables {
  id: number;
  /** Not sent: names the setting in the Outbox. */
  SettingName?: string;
}

export const removeSettingMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.settingRemove(),
    mutationFn: (variables: RemoveSettingVariables) =>
      sendWrite(variables, (options) =>
        api.delete<DeviceSetting>(apiPaths.deviceSettings(variables.id), options),
      ),
    onSuccess: (_setting, variables, _result, { client }) => {
      if (!isReplay(variables)) toast.success('The setting has been removed');
      void settingChanged(client, variables);
    },
  });

export const removeUnprocessedMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.unprocessedRemove(),
    mutationFn: (variables: DeviceWriteVariables) =>
      sendWrite(variables, (options) =>
        api.delete<DeviceDetail>(apiPaths.deviceUnprocessedSettings(variables.imei), options),
      ),
    onSuccess: (device, variables, _result, { client }) => {
      if (!isReplay(variables)) toast.success('Unprocessed settings have been removed');
      void deviceReloaded(client, variables, device);
    },
  });
