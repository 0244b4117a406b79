import * as v from 'valibot';
import { idField, idParam, idValue, imeiField } from '@shared/api/ids';
import { TEST_ITEM_KEYS, TEST_ITEM_STATE, type TestItem } from './test-items';
import type { RunItem } from './test-runs';

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

/** The hub's close reason when the device has no running test; the page says it in its words. */
export const DEVICE_TEST_NOT_ACTIVE = 'The installation test of this device is not active';

export {
  TEST_ITEM_KEYS,
  TEST_ITEM_STATE,
  TEST_ITEM_TEXTS,
  type TestItem,
  type TestItemKey,
  type TestItemState,
} from './test-items';

/**
 * A running test nobody works on (no verdict, no page watching it, no start) for this long ends
 * without a result; a phone that is offline for a while never ends it (docs/installation-test.md).
 */
export const DEVICE_TEST_IDLE_LIMIT_HOURS = 24;

/** Evaluation limits (docs/installation-test.md). */
export const TEST_LIMITS = {
  /** The device's Timestamp may differ this much from the server's receive time. */
  timestampToleranceSeconds: 120,
  /** Fewest satellites for a usable position. */
  minSatellites: 4,
} as const;

/** `GET devicetests` answers at most this many results, newest first; `?after={Id}` goes on. */
export const DEVICE_TEST_PAGE_SIZE = 500;
/** `GET devicetests?after={Id}`: the results older than that one. */
export const DeviceTestsQuerySchema = v.object({
  after: v.optional(idParam('deviceTestResult', 'cursor')),
});

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

/** Only an item's key and state (the verdict) are read; its texts are ignored, of any kind. */
const TestItemSchema = v.object({
  key: v.picklist(TEST_ITEM_KEYS),
  state: v.picklist(Object.values(TEST_ITEM_STATE)),
});

/**
 * Checks a GetTestProgress argument; unknown item keys or states are refused. Everything else
 * — the items' texts and LastDeviceMessage — is ignored whatever it holds: only the device link
 * is trusted for data (docs/installation-test.md).
 */
export const GetTestProgressRequestSchema = v.object({
  IMEI: imeiField(),
  SocketModel: v.pipe(v.array(TestItemSchema), v.maxLength(TEST_ITEM_KEYS.length * 2)),
  LastDeviceMessage: v.optional(v.unknown()),
});

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
  /** Every item of the test with its value, state and who confirmed it (empty for old results). */
  Items?: RunItem[];
}

/** Device type entry of `GET devices/flags` (spec 03 §3). */
export interface DeviceTypeEntry {
  Id: number;
  Name: string;
}

export const DEVICE_TEST_SETTINGS_MESSAGES = {
  imei: 'IMEI is Required',
  customer: 'Customer is Required',
  configurationGroup: 'Must be a configuration group id',
  protocol: 'Protocol must be at most 32 characters',
  protocolNotText: 'Protocol must be text (a protocol code)',
} as const;

/** An empty protocol means "leave the device's protocol as it is". */
const ProtocolSchema = v.optional(
  v.nullable(
    v.pipe(
      v.string(DEVICE_TEST_SETTINGS_MESSAGES.protocolNotText),
      v.trim(),
      v.maxLength(32, DEVICE_TEST_SETTINGS_MESSAGES.protocol),
      v.transform((code) => code || null),
    ),
  ),
  null,
);

/** POST devicetestsettings/ and PUT devicetestsettings/{id} body (spec 03 §7). */
export const DeviceTestSettingsBodySchema = v.pipe(
  v.object({
    // Missing fields read as empty so they get the same message as wrong ones.
    Imei: imeiField(DEVICE_TEST_SETTINGS_MESSAGES.imei),
    CustomerId: idField('customer', DEVICE_TEST_SETTINGS_MESSAGES.customer),
    ConfigurationGroupId: v.optional(
      v.nullable(idValue('configurationGroup', DEVICE_TEST_SETTINGS_MESSAGES.configurationGroup)),
      null,
    ),
    /** The CAN protocol code; `CanProtocol` is read when `Protocol` is absent. */
    Protocol: ProtocolSchema,
    CanProtocol: ProtocolSchema,
    /**
     * Spec 03 §7 lists it; the settings record the signed-in user, so any value is accepted and
     * ignored (docs/installation-test.md).
     */
    UserId: v.pipe(
      v.optional(v.unknown()),
      v.description('Ignored: the settings record the signed-in user (any value is accepted)'),
    ),
  }),
  v.examples([
    {
      Imei: '356307042441013',
      CustomerId: 1,
      ConfigurationGroupId: null,
      Protocol: null,
      CanProtocol: null,
      UserId: 3,
    },
  ]),
);
export type DeviceTestSettingsBody = v.InferOutput<typeof DeviceTestSettingsBodySchema>;
