import { endpointJsonSetting } from '@shared/devices/device-settings';
import type { DeviceDetail, SettingValue } from '@shared/devices/devices';
import { configValues } from './config-values';
import { pendingMessage } from './messages';

const JSON_SLOTS = [0, 1, 2];

/**
 * The pending values of the named settings as one comparable text each: message flags
 * (endpoint{n}JSON) as their JSON, everything else as sent. `queued` (the installer's own changes
 * still in the outbox) wins, since those are what the installer sees and builds on.
 */
export function settingSnapshot(
  device: DeviceDetail,
  names: readonly string[],
  queued: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const values = configValues(device.NewConfig);
  const messages = Object.fromEntries(
    JSON_SLOTS.map((slot) => [
      endpointJsonSetting(slot),
      JSON.stringify(pendingMessage(device, slot) ?? null),
    ]),
  );
  return Object.fromEntries(
    names.map((name) => [name, queued[name] ?? messages[name] ?? values[name] ?? '']),
  );
}

/** A settings change with the values the installer saw, for the conflict check on replay. */
export function settingsChange(
  device: DeviceDetail,
  settings: SettingValue[],
  queued: Readonly<Record<string, string>> = {},
) {
  const base = settingSnapshot(
    device,
    settings.map((s) => s.SettingName),
    queued,
  );
  return { deviceId: device.Id, imei: device.IMEI, settings, base };
}
