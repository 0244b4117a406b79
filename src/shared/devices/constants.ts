/** Device types used by the fleet (spec 03 §3; type 2 has the old-CAN rule of spec 01 §5). */
export const DEVICE_TYPES = [1, 2, 4] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export const DEVICE_TYPE_NAMES: Record<number, string> = {
  1: 'QAN-HUB',
  2: 'QAN-ALL 2G',
  4: 'QAN-ALL 4G',
};
export const deviceTypeName = (type: number): string => DEVICE_TYPE_NAMES[type] ?? 'Unknown Device';

/** The empty identifier: no settings profile, unknown endpoint. */
export const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';

/** Event flags of a device message (spec 01 §3). Each is one bit. */
export const EVENT_FLAGS = {
  TIME: 1 << 0,
  SOT: 1 << 1,
  EOT: 1 << 2,
  CHG: 1 << 3,
  POR: 1 << 4,
  WAKE: 1 << 5,
  STB: 1 << 6,
  MOV: 1 << 7,
  LOWBV: 1 << 8,
  PZ: 1 << 9,
  DWL: 1 << 10,
  LOG: 1 << 11,
  DS: 1 << 12,
  DIAG: 1 << 13,
  TL: 1 << 14,
  REQ: 1 << 15,
} as const;

/** Chapter bits of a message payload (spec 01 §3). */
export const CHAPTER_BITS = {
  LIVE: 1,
  GNSS: 2,
  TACHO: 4,
  ALTFUEL: 8,
  DASHBOARD: 16,
  TRIPDATA: 32,
  BLE: 64,
  EVENTS: 128,
  SETTINGS: 256,
  DIAGNOSTICS: 512,
  ENDPOINTS: 1024,
  HIGHRESDATA: 2048,
} as const;

export const FIRMWARE_FLAGS = { Booter: 1, Application: 2 } as const;
export const MODEM_COMMAND_TYPE = 20;
export const MIN_COMMAND_LENGTH = 3;
export const OLD_CAN_VERSION_BELOW = 2207000;
export const TOKEN_EXPIRY_MARGIN_MS = 10_000;
export const TOAST_DURATION_MS = 3500;
export const RAW_MESSAGE_BATCH = 50;
