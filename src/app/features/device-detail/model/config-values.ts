import { CONFIG_FIELDS } from '@shared/devices/device-settings';
import type { DeviceConfig } from '@shared/devices/devices';

/** A configuration as one flat map SettingName → value text, the way settings are sent. */
export type ConfigValues = Readonly<Record<string, string>>;

// The message objects are edited through their flag dialogs, not as text fields.
const TEXT_FIELDS = CONFIG_FIELDS.filter(
  (name) => !name.endsWith('JSON') && name !== 'applicationVersion',
) as (keyof DeviceConfig)[];

export function configValues(config: DeviceConfig): ConfigValues {
  const values: Record<string, string> = {};
  for (const setting of config.settings) values[setting.SettingName] = setting.Value;
  for (const field of TEXT_FIELDS) {
    const value = config[field];
    if (typeof value === 'string') values[field] = value;
  }
  values.applicationVersion = String(config.applicationVersion);
  return values;
}
