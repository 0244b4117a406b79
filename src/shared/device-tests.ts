import * as v from 'valibot';

/**
 * The installation test (spec 03 §2–§4, §7): test settings, the live hub's messages and the
 * stored result. The hub's payload shapes are "not shown" in the spec; these are ours and are
 * documented in docs/installation-test.md.
 */

/** Where the live test connects (SignalR protocol), below the API base. */
export const DEVICE_TEST_HUB_PATH = 'socketdevicetests/ws';

/** Hub methods the client invokes. */
export const DEVICE_TEST_CLIENT_METHODS = {
  initTestSocket: 'InitTestSocket',
  getTestProgress: 'GetTestProgress',
} as const;

/** Hub methods the server invokes on the client. */
export const DEVICE_TEST_SERVER_METHODS = {
  receiveTestList: 'ReceiveTestList',
  receiveRawMessage: 'ReceiveRawMessage',
  receiveTestProgress: 'ReceiveTestProgress',
} as const;

/** Test item states (spec 03 §3). */
export const TEST_ITEM_STATE = { ok: 1, pending: 2, failed: 3, awaitingConfirmation: 4 } as const;
export type TestItemState = (typeof TEST_ITEM_STATE)[keyof typeof TEST_ITEM_STATE];

/** The checks of an installation test, in display order. */
export const TEST_ITEM_KEYS = [
  'connection',
  'timestamp',
  'ignition',
  'position',
  'odometer',
  'vin',
  'ibutton',
  'io1',
] as const;
export type TestItemKey = (typeof TEST_ITEM_KEYS)[number];

/** A test progress item (spec 03 §3: title, desc, value, state) plus a stable key. */
export interface TestItem {
  key: TestItemKey;
  title: string;
  desc: string;
  value: string;
  state: TestItemState;
}

export const TEST_RESULT = { ok: 'TEST OK', failed: 'FAILED' } as const;
export type TestResultText = (typeof TEST_RESULT)[keyof typeof TEST_RESULT];

/** Raw message as the test page shows it (spec 03 §3). */
export interface TestRawMessage {
  Id: number;
  TimeStampServer: string;
  Message: string;
}

/** ReceiveTestProgress's payload. */
export interface TestProgress {
  IMEI: string;
  Items: TestItem[];
  /** True once every item is ok or failed: the result is stored and the server closes. */
  Finished: boolean;
  TestResult: TestResultText | null;
  /** Id of the stored device test result once finished. */
  ResultId: number | null;
}

/** GetTestProgress's argument (spec 03 §7: IMEI, SocketModel, LastDeviceMessage). */
export interface GetTestProgressRequest {
  IMEI: string;
  /** The items as the client holds them; only confirmations of state-4 items are taken over. */
  SocketModel: TestItem[];
  LastDeviceMessage: string | null;
}

/** Device test settings (spec 03 §3). */
export interface DeviceTestSettings {
  Id: number;
  Imei: string;
  CustomerId: number;
  ConfigurationGroupId: number | null;
  /** The CAN protocol code; the spec names it CanProtocol or Protocol, both are sent. */
  Protocol: string | null;
  CanProtocol: string | null;
  UserId: number | null;
  IsActive: boolean;
}

/** A stored installation test (spec 03 §3, every field). */
export interface DeviceTestResult {
  Id: number;
  CustomerName: string;
  IMEI: string;
  UserEmail: string;
  TimeStamp: string;
  ValidConnection: boolean;
  ValidTimeStamp: boolean;
  ValidIGNState: boolean;
  ValidPosition: boolean;
  ValidOdo: boolean;
  ValidVIN: boolean;
  ValidIbutton: boolean;
  ValidIO1State: boolean;
  TestResult: TestResultText;
  LAT: number | null;
  LON: number | null;
  SatCount: number | null;
  Odo: number | null;
  VIN: string | null;
  IbuttonActive: boolean | null;
  Ibutton: string | null;
  PrivateSwitchActive: boolean | null;
}

/** Device type entry of `GET devices/flags` (spec 03 §3). */
export interface DeviceTypeEntry {
  Id: number;
  Name: string;
}

export const DEVICE_TEST_SETTINGS_MESSAGES = {
  imei: 'IMEI is Required',
  customer: 'Customer is Required',
} as const;

/** POST devicetestsettings/ and PUT devicetestsettings/{id} body (spec 03 §7). */
export const DeviceTestSettingsBodySchema = v.object({
  Imei: v.pipe(
    v.string(DEVICE_TEST_SETTINGS_MESSAGES.imei),
    v.trim(),
    v.regex(/^\d{1,20}$/, DEVICE_TEST_SETTINGS_MESSAGES.imei),
  ),
  CustomerId: v.pipe(
    v.number(DEVICE_TEST_SETTINGS_MESSAGES.customer),
    v.integer(DEVICE_TEST_SETTINGS_MESSAGES.customer),
    v.minValue(1, DEVICE_TEST_SETTINGS_MESSAGES.customer),
  ),
  ConfigurationGroupId: v.optional(v.nullable(v.pipe(v.number(), v.integer())), null),
  Protocol: v.optional(v.nullable(v.string()), null),
  CanProtocol: v.optional(v.nullable(v.string()), null),
  /** Ignored by the server (the caller is the user); accepted for the spec's body shape. */
  UserId: v.optional(v.nullable(v.number()), null),
});
export type DeviceTestSettingsBody = v.InferOutput<typeof DeviceTestSettingsBodySchema>;
