import * as v from 'valibot';
import type { DeviceTacho } from '@shared/tacho/tacho-requests';

const nullableText = v.nullable(v.string());
const nullableTime = v.pipe(v.nullable(v.string()), v.description('ISO timestamp, null when none'));

/**
 * A device as lists and the detail screen show it (spec 02 §3 Device). Declared as a schema so
 * the OpenAPI document describes the list answers.
 */
export const DeviceSchema = v.object({
  Id: v.number(),
  IMEI: v.string(),
  SN: nullableText,
  Hardware: nullableText,
  DeviceType: v.number(),
  DeviceName: nullableText,
  /** Applied application firmware version. */
  Firmware: nullableText,
  /** The CAN protocol code (same as ProtocolCode). */
  Protocol: nullableText,
  /** Name and brand of that protocol in the CAN library, when it is listed there. */
  ProtocolName: nullableText,
  ProtocolBrand: nullableText,
  ProtocolCode: nullableText,
  ConfigurationGroup: nullableText,
  ConfigurationGroupId: v.nullable(v.number()),
  ICCID: nullableText,
  APN: nullableText,
  InSync: v.boolean(),
  LastMsg: nullableTime,
  LastDownload: nullableTime,
  /** The customer's RTD interval in days (colours the Last Download cell). */
  RTDInterval: v.nullable(v.number()),
  Note: nullableText,
  Name: nullableText,
  Customer: nullableText,
  CustomerId: v.nullable(v.number()),
  BooterVersion: nullableText,
  CAN1Version: nullableText,
  CAN2Version: nullableText,
});
export type Device = v.InferOutput<typeof DeviceSchema>;

/** `devices/`, `devices/chunk/{lastId}`, search and per-customer lists: pages of this size. */
export const DEVICE_PAGE_SIZE = 100;

/** Lists of devices are pages: at most DEVICE_PAGE_SIZE devices ordered by Id. */
export const DevicePageSchema = v.pipe(
  v.array(DeviceSchema),
  v.description(
    `At most ${DEVICE_PAGE_SIZE} devices ordered by Id ascending. Continue with the Id of the ` +
      'last device (devices/chunk/{lastId}, or ?after={lastId} on search and per-customer ' +
      `lists); a page of fewer than ${DEVICE_PAGE_SIZE} devices is the last.`,
  ),
);

export interface SettingValue {
  SettingName: string;
  Value: string;
}

/** One endpoint message slot, parsed from endpoint{n}JSON: URL, protocol, endpointID, flags. */
export type ConfigMessage = Record<string, unknown>;

/** A device configuration, current (applied) or new (wanted) (spec 01 §3 Device config). */
export interface DeviceConfig {
  BooterVersion: string | null;
  CAN1Version: string | null;
  CAN2Version: string | null;
  ConfigVersion: string | null;
  ProtocolCode: string | null;
  Firmware: string | null;
  APN: string | null;
  ModemVersion: string | null;
  settingsProfileID: string | null;
  endpoint0ID: string | null;
  endpoint1ID: string | null;
  endpoint2ID: string | null;
  message0: ConfigMessage | null;
  message1: ConfigMessage | null;
  message2: ConfigMessage | null;
  /** 0: the first layout (CAN config tab); otherwise endpoints & messages. */
  applicationVersion: number;
  /** Every other value of the configuration, sorted by name. */
  settings: SettingValue[];
}

/** Latest telemetry of a device; VIN '0' means unknown. */
export interface DeviceState {
  IMEI: string;
  LastMsg: string | null;
  VIN?: string;
  [key: string]: unknown;
}

/** `GET devices/{id}`: the device with both configurations and its state. */
export interface DeviceDetail extends Device {
  CurrentConfig: DeviceConfig;
  NewConfig: DeviceConfig;
  State: DeviceState;
  /** The latest vehicle unit download and request (shown with the 'Tacho Download' feature). */
  Tacho: DeviceTacho;
}

/** A customer's assignment in the bulk change answer. */
export interface DeviceCustomer {
  IMEI: string;
  Customer: string | null;
  CustomerId: number | null;
}

export interface DeviceConfigurationGroup {
  IMEI: string;
  ConfigurationGroup: string | null;
  ConfigurationGroupId: number | null;
}

/** A customer-history entry, newest first (spec 01 §3). */
export interface CustomerHistoryEntry {
  Customer: string;
  CustomerId: number;
  Start: string;
  End: string | null;
}

export interface ModemRequest {
  Id: number;
  IMEI: string;
  Command: string;
  CommandType: number;
  Created: string;
  /** Null until the device executed it ('Not yet'). */
  Executed: string | null;
}

export interface DeviceSetting {
  Id: number;
  SettingName: string;
  Value: string;
  Processed: boolean;
  CreatedDate: string;
  ProcessedDate: string | null;
}

export * from './device-requests';
