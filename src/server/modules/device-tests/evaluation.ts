import * as v from 'valibot';
import { TELEMETRY_FIELDS } from '@shared/devices/device-link';
import {
  TEST_ITEM_KEYS,
  TEST_ITEM_STATE,
  TEST_ITEM_TEXTS,
  TEST_LIMITS,
  TEST_RESULT,
  type TestItem,
  type TestItemKey,
  type TestItemState,
} from '@shared/devices/device-tests';
import type { NewResultRow } from './repository';

type Telemetry = {
  [K in keyof typeof TELEMETRY_FIELDS]?: v.InferOutput<(typeof TELEMETRY_FIELDS)[K]>;
};

/** What the device reported since the test (re)started: the evaluation's only input. */
export interface Observed {
  /** Readable (JSON object) messages. */
  messages: number;
  unreadable: number;
  lastAt: Date | null;
  /** Device clock minus server receive time of the latest message with a Timestamp; NaN: unreadable. */
  clockSkewSeconds: number | null;
  /** The latest valid value of each telemetry field. */
  values: Telemetry;
  /** Whether the latest message reported a private switch as on (when the device sends one). */
  privateSwitch: boolean | null;
  /** The last driver key read during the test (kept after the key is removed). */
  ibutton: string | null;
}

/** A person's verdict on a state-4 item, bound to the value they saw. */
export interface Confirmation {
  value: string;
  state: typeof TEST_ITEM_STATE.ok | typeof TEST_ITEM_STATE.failed;
}

export const emptyObserved = (): Observed => ({
  messages: 0,
  unreadable: 0,
  lastAt: null,
  clockSkewSeconds: null,
  values: {},
  privateSwitch: null,
  ibutton: null,
});

const binaryOf = (value: unknown): boolean | null =>
  value === 1 || value === true ? true : value === 0 || value === false ? false : null;

/** Takes one stored device message into the observation (invalid fields are skipped). */
export function observe(
  observed: Observed,
  at: Date,
  data: Record<string, unknown> | null,
): Observed {
  if (!data) return { ...observed, unreadable: observed.unreadable + 1 };
  const values: Record<string, unknown> = { ...observed.values };
  for (const [field, schema] of Object.entries(TELEMETRY_FIELDS)) {
    if (!(field in data)) continue;
    const parsed = v.safeParse(schema, data[field]);
    if (parsed.success) values[field] = parsed.output;
  }
  let clockSkewSeconds = observed.clockSkewSeconds;
  if ('Timestamp' in data) {
    const device = typeof data.Timestamp === 'string' ? Date.parse(data.Timestamp) : NaN;
    clockSkewSeconds = (device - at.getTime()) / 1000;
  }
  const key = values.Ibutton;
  return {
    messages: observed.messages + 1,
    unreadable: observed.unreadable,
    lastAt: at,
    clockSkewSeconds,
    values,
    privateSwitch: 'PrivateSwitch' in data ? binaryOf(data.PrivateSwitch) : observed.privateSwitch,
    ibutton: typeof key === 'string' && key !== '' ? key : observed.ibutton,
  };
}

type Check = (o: Observed) => { state: TestItemState; value: string };
const { ok, pending, failed, awaitingConfirmation } = TEST_ITEM_STATE;
const onOff = (value: 0 | 1) => (value === 1 ? 'ON' : 'OFF');

function describeSkew(seconds: number): string {
  const abs = Math.abs(seconds);
  const amount = abs < 120 ? `${Math.round(abs)} s` : `${Math.round(abs / 60)} min`;
  return `${amount} ${seconds < 0 ? 'behind' : 'ahead'}`;
}

/** The rules of docs/installation-test.md, one per item. */
const CHECKS: Record<TestItemKey, Check> = {
  connection: (o) =>
    o.messages > 0
      ? // No time here: the server cannot know the page's time zone; the live raw messages
        // beside the items show each message's time in it.
        { state: ok, value: `${o.messages} message(s) received` }
      : {
          state: pending,
          value: o.unreadable > 0 ? 'Only unreadable messages so far' : 'Waiting for a message',
        },
  timestamp: ({ clockSkewSeconds: skew }) => {
    if (skew === null) return { state: pending, value: 'Waiting for a Timestamp' };
    if (Number.isNaN(skew)) return { state: failed, value: 'Unreadable Timestamp' };
    return {
      state: Math.abs(skew) <= TEST_LIMITS.timestampToleranceSeconds ? ok : failed,
      value: describeSkew(skew),
    };
  },
  ignition: ({ values }) =>
    values.Ignition === undefined
      ? { state: pending, value: 'Waiting for the ignition state' }
      : { state: awaitingConfirmation, value: onOff(values.Ignition) },
  position: ({ values: { Lat, Lon, SatCount } }) => {
    if (Lat === undefined || Lon === undefined || SatCount === undefined)
      return { state: pending, value: 'Waiting for a position' };
    const fix = SatCount >= TEST_LIMITS.minSatellites && !(Lat === 0 && Lon === 0);
    return fix
      ? { state: ok, value: `${Lat}, ${Lon} (${SatCount} satellites)` }
      : { state: pending, value: `No fix yet (${SatCount} satellites)` };
  },
  odometer: ({ values: { Odo } }) => {
    if (Odo === undefined) return { state: pending, value: 'Waiting for the odometer' };
    if (Odo === 0) return { state: failed, value: '0 km: no odometer from the vehicle' };
    return { state: awaitingConfirmation, value: `${Math.round(Odo)} km` };
  },
  vin: ({ values: { VIN } }) => {
    if (VIN === undefined) return { state: pending, value: 'Waiting for the VIN' };
    if (VIN === '' || VIN === '0') return { state: failed, value: 'No VIN from the vehicle' };
    if (!/^[A-HJ-NPR-Z0-9]{17}$/i.test(VIN)) return { state: failed, value: `Invalid VIN ${VIN}` };
    return { state: awaitingConfirmation, value: VIN };
  },
  ibutton: ({ ibutton }) =>
    ibutton === null
      ? { state: pending, value: 'No driver key read yet' }
      : { state: ok, value: ibutton },
  io1: ({ values }) =>
    values.IO1 === undefined
      ? { state: pending, value: 'Waiting for the IO1 state' }
      : { state: awaitingConfirmation, value: onOff(values.IO1) },
};

/**
 * The items for the observation. A state-4 item takes a person's verdict only while it shows
 * the value they judged; a new value asks again.
 */
export function evaluate(
  observed: Observed,
  confirmations: ReadonlyMap<TestItemKey, Confirmation>,
): TestItem[] {
  return TEST_ITEM_KEYS.map((key) => {
    const { state, value } = CHECKS[key](observed);
    const confirmed = confirmations.get(key);
    const final =
      state === awaitingConfirmation && confirmed?.value === value ? confirmed.state : state;
    return { key, ...TEST_ITEM_TEXTS[key], value, state: final };
  });
}

/** Verdicts the client sends for items that await one; everything else it sends is ignored. */
export function takeConfirmations(
  current: readonly TestItem[],
  sent: readonly Pick<TestItem, 'key' | 'state'>[],
  confirmations: Map<TestItemKey, Confirmation>,
): void {
  for (const item of current) {
    if (item.state !== awaitingConfirmation) continue;
    const verdict = sent.find((s) => s.key === item.key)?.state;
    if (verdict === ok || verdict === failed) {
      confirmations.set(item.key, { value: item.value, state: verdict });
    }
  }
}

export const isFinished = (items: readonly TestItem[]): boolean =>
  items.every((i) => i.state === ok || i.state === failed);

/** The stored result of a finished test (every field of spec 03 §3's device test result). */
export function toResultRow(
  items: readonly TestItem[],
  observed: Observed,
): Omit<NewResultRow, 'customerName' | 'userEmail' | 'imei'> {
  const valid = (key: TestItemKey) => items.find((i) => i.key === key)?.state === ok;
  const { values } = observed;
  return {
    validConnection: valid('connection'),
    validTimeStamp: valid('timestamp'),
    validIgnState: valid('ignition'),
    validPosition: valid('position'),
    validOdo: valid('odometer'),
    validVin: valid('vin'),
    validIbutton: valid('ibutton'),
    validIo1State: valid('io1'),
    testResult: items.every((i) => i.state === ok) ? TEST_RESULT.ok : TEST_RESULT.failed,
    lat: values.Lat ?? null,
    lon: values.Lon ?? null,
    satCount: values.SatCount ?? null,
    odo: values.Odo ?? null,
    vin: values.VIN ?? null,
    ibuttonActive: values.Ibutton === undefined ? null : values.Ibutton !== null,
    ibutton: observed.ibutton,
    privateSwitchActive: observed.privateSwitch,
  };
}
