import {
  CONFIG_FIELDS,
  ENDPOINT_SLOTS,
  endpointJsonSetting,
} from '@shared/devices/device-settings';
import type { Device, DeviceConfig, DeviceDetail, ConfigMessage } from '@shared/devices/devices';

/** A device row as `selectDevices` reads it. */
export interface DeviceRow {
  id: number;
  imei: string;
  sn: string | null;
  hardware: string | null;
  deviceType: number;
  deviceName: string | null;
  firmware: string | null;
  protocolCode: string | null;
  protocolName: string | null;
  protocolBrand: string | null;
  configurationGroupId: number | null;
  configurationGroup: string | null;
  iccid: string | null;
  apn: string | null;
  inSync: boolean;
  lastMsg: Date | null;
  lastDownload: Date | null;
  rtdInterval: number | null;
  note: string | null;
  name: string | null;
  customerId: number | null;
  customer: string | null;
  booterVersion: string | null;
  can1Version: string | null;
  can2Version: string | null;
}

export interface DeviceDetailRow extends DeviceRow {
  currentConfig: Record<string, unknown>;
  newConfig: Record<string, unknown>;
  state: Record<string, unknown>;
}

export const isoOrNull = (value: Date | string | null | undefined): string | null =>
  value == null ? null : new Date(value).toISOString();

export function toDevice(row: DeviceRow): Device {
  return {
    Id: row.id,
    IMEI: row.imei,
    SN: row.sn,
    Hardware: row.hardware,
    DeviceType: row.deviceType,
    DeviceName: row.deviceName,
    Firmware: row.firmware,
    Protocol: row.protocolCode,
    ProtocolName: row.protocolName,
    ProtocolBrand: row.protocolBrand,
    ProtocolCode: row.protocolCode,
    ConfigurationGroup: row.configurationGroup,
    ConfigurationGroupId: row.configurationGroupId,
    ICCID: row.iccid,
    APN: row.apn,
    InSync: row.inSync,
    LastMsg: isoOrNull(row.lastMsg),
    LastDownload: isoOrNull(row.lastDownload),
    RTDInterval: row.rtdInterval,
    Note: row.note,
    Name: row.name,
    Customer: row.customer,
    CustomerId: row.customerId,
    BooterVersion: row.booterVersion,
    CAN1Version: row.can1Version,
    CAN2Version: row.can2Version,
  };
}

const TOP_LEVEL = new Set(CONFIG_FIELDS);

/** A configuration value as text (values are text by convention; anything else as JSON). */
export const textOf = (config: Record<string, unknown>, key: string): string | null => {
  const value = config[key];
  if (value == null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** endpoint{n}JSON holds the message as JSON text; anything unreadable shows as no message. */
function messageOf(config: Record<string, unknown>, slot: number): ConfigMessage | null {
  const text = textOf(config, endpointJsonSetting(slot));
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as ConfigMessage)
      : null;
  } catch {
    return null;
  }
}

/** The flat stored configuration (SettingName → value) in the spec's Device config shape. */
export function toDeviceConfig(config: Record<string, unknown>): DeviceConfig {
  const [message0, message1, message2] = ENDPOINT_SLOTS.map((slot) => messageOf(config, slot));
  return {
    BooterVersion: textOf(config, 'BooterVersion'),
    CAN1Version: textOf(config, 'CAN1Version'),
    CAN2Version: textOf(config, 'CAN2Version'),
    ConfigVersion: textOf(config, 'ConfigVersion'),
    ProtocolCode: textOf(config, 'ProtocolCode'),
    Firmware: textOf(config, 'Firmware'),
    APN: textOf(config, 'APN'),
    ModemVersion: textOf(config, 'ModemVersion'),
    settingsProfileID: textOf(config, 'settingsProfileID'),
    endpoint0ID: textOf(config, 'endpoint0ID'),
    endpoint1ID: textOf(config, 'endpoint1ID'),
    endpoint2ID: textOf(config, 'endpoint2ID'),
    message0: message0 ?? null,
    message1: message1 ?? null,
    message2: message2 ?? null,
    applicationVersion: Number(config.applicationVersion ?? 0) || 0,
    settings: Object.keys(config)
      .filter((key) => !TOP_LEVEL.has(key))
      .sort()
      .map((key) => ({ SettingName: key, Value: textOf(config, key) ?? '' })),
  };
}

export function toDeviceDetail(row: DeviceDetailRow): Omit<DeviceDetail, 'Tacho'> {
  return {
    ...toDevice(row),
    CurrentConfig: toDeviceConfig(row.currentConfig),
    NewConfig: toDeviceConfig(row.newConfig),
    State: { ...row.state, IMEI: row.imei, LastMsg: isoOrNull(row.lastMsg) },
  };
}
