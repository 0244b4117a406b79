import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiPaths } from '../../../../shared/api-paths';
import type { DeviceDetail, DeviceSetting, SettingValue } from '../../../../shared/devices';
import { api } from '../../../lib/api-client';
import { deviceDetailKeys, deviceWriteKeys, type DeviceRef } from './keys';

export const settingsHistoryQueryOptions = (imei: string) =>
  queryOptions({
    queryKey: deviceDetailKeys.settingsHistory(imei),
    queryFn: ({ signal }) => api.get<DeviceSetting[]>(apiPaths.deviceSettings(imei), { signal }),
  });

/** The answer is the reloaded device: show it at once, and let the history catch up. */
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

export interface SaveSettingsVariables extends DeviceRef {
  settings: SettingValue[];
}

/** `POST devices/settings/{imei}`: the changes become pending settings. */
export const saveSettingsMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.settings(),
    mutationFn: ({ imei, settings }: SaveSettingsVariables) =>
      api.post<DeviceDetail>(apiPaths.deviceSettings(imei), { SettingsList: settings }),
    onSuccess: (device, variables, _result, { client }) => {
      toast.success(`Settings saved for ${variables.imei}`);
      return deviceReloaded(client, variables, device);
    },
  });

export interface EditSettingVariables extends DeviceRef {
  id: number;
  SettingName: string;
  Value: string;
}

export const editSettingMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.settingEdit(),
    mutationFn: ({ id, SettingName, Value }: EditSettingVariables) =>
      api.put<DeviceSetting>(apiPaths.deviceSettings(id), { SettingName, Value }),
    onSuccess: (_setting, variables, _result, { client }) => {
      toast.success('The setting has been updated');
      return settingChanged(client, variables);
    },
  });

export interface RemoveSettingVariables extends DeviceRef {
  id: number;
}

export const removeSettingMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.settingRemove(),
    mutationFn: ({ id }: RemoveSettingVariables) =>
      api.delete<DeviceSetting>(apiPaths.deviceSettings(id)),
    onSuccess: (_setting, variables, _result, { client }) => {
      toast.success('The setting has been removed');
      return settingChanged(client, variables);
    },
  });

export const removeUnprocessedMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.unprocessedRemove(),
    mutationFn: ({ imei }: DeviceRef) =>
      api.delete<DeviceDetail>(apiPaths.deviceUnprocessedSettings(imei)),
    onSuccess: (device, variables, _result, { client }) => {
      toast.success('Unprocessed settings have been removed');
      return deviceReloaded(client, variables, device);
    },
  });
