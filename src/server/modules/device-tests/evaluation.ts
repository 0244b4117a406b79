import { TEST_LIMITS } from '@shared/devices/device-tests';
import {
  OUTPUT_ITEMS,
  TEST_ITEM_STATE,
  TEST_ITEM_TEXTS,
  type TestItem,
  type TestItemKey,
  type TestItemState,
} from '@shared/devices/test-items';
import type { RunItem } from '@shared/devices/test-runs';
import { sawBoth, type Observed } from './observation';
import type { Verdicts } from './verdicts';

type Check = (o: Observed) => { state: TestItemState; value: string };
const { ok, pending, failed, awaitingConfirmation } = TEST_ITEM_STATE;
const onOff = (value: 0 | 1) => (value === 1 ? 'ON' : 'OFF');

function describeSkew(seconds: number): string {
  const abs = Math.abs(seconds);
  const amount = abs < 120 ? `${Math.round(abs)} s` : `${Math.round(abs / 60)} min`;
  return `${amount} ${seconds < 0 ? 'behind' : 'ahead'}`;
}

function canValues({ values: { CanSpeed, EngineRpm, FuelLevel } }: Observed): string[] {
  const parts: string[] = [];
  if (CanSpeed !== undefined) parts.push(`${Math.round(CanSpeed)} km/h`);
  if (EngineRpm !== undefined) parts.push(`${Math.round(EngineRpm)} rpm`);
  if (FuelLevel !== undefined) parts.push(`fuel ${Math.round(FuelLevel)} %`);
  return parts;
}

/** An output: waits until it was switched during the test, then asks whether the equipment followed. */
const outputCheck =
  (output: 1 | 2 | 3): Check =>
  (o) => {
    const field = `Output${output}` as const;
    const state = o.values[field];
    if (state === undefined) return { state: pending, value: 'Waiting for the output state' };
    return sawBoth(o, field)
      ? { state: awaitingConfirmation, value: onOff(state) }
      : { state: pending, value: `${onOff(state)}: switch it from this page` };
  };

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
  tacho: ({ tachoMessages }) =>
    tachoMessages > 0
      ? { state: ok, value: `${tachoMessages} tachograph message(s) received` }
      : { state: pending, value: 'Waiting for a TachoLive or remote download message' },
  can: (o) => {
    const parts = canValues(o);
    return parts.length > 0
      ? { state: ok, value: parts.join(', ') }
      : { state: pending, value: 'Waiting for CAN data' };
  },
  output1: outputCheck(OUTPUT_ITEMS.output1),
  output2: outputCheck(OUTPUT_ITEMS.output2),
  output3: outputCheck(OUTPUT_ITEMS.output3),
  binaryInput: (o) => {
    const state = o.values.BinaryInput;
    if (state === undefined) return { state: pending, value: 'Waiting for the input state' };
    return sawBoth(o, 'BinaryInput')
      ? { state: ok, value: 'Seen ON and OFF' }
      : { state: pending, value: `Seen ${onOff(state)} only: switch the input` };
  },
};

/** Items that take a person's verdict (the others the server decides alone). */
export const needsVerdict = (key: TestItemKey): boolean =>
  ['ignition', 'odometer', 'vin', 'io1', 'output1', 'output2', 'output3'].includes(key);

/** An item as evaluated, with the verdict that decided it, if one did. */
export interface EvaluatedItem extends TestItem {
  confirmedBy?: string;
  confirmedAt?: string;
  note?: string;
}

/**
 * The plan's items for the observation. A state-4 item takes a person's verdict only while it
 * shows the value they judged; a new value asks again.
 */
export function evaluate(
  plan: readonly TestItemKey[],
  observed: Observed,
  verdicts: Verdicts,
): EvaluatedItem[] {
  return plan.map((key) => {
    const { state, value } = CHECKS[key](observed);
    const verdict = state === awaitingConfirmation ? verdicts.on(key, value) : undefined;
    const item: EvaluatedItem = { key, ...TEST_ITEM_TEXTS[key], value, state };
    if (!verdict) return item;
    return {
      ...item,
      state: verdict.state,
      confirmedBy: verdict.by,
      confirmedAt: verdict.madeAt.toISOString(),
      ...(verdict.note ? { note: verdict.note } : {}),
    };
  });
}

/** What the hub sends of an item: spec 03 §3's fields and the key, nothing of who judged it. */
export const toTestItem = ({ key, title, desc, value, state }: EvaluatedItem): TestItem => ({
  key,
  title,
  desc,
  value,
  state,
});

/** An item as the run and result calls show it: who decided it, when a person did. */
export const toRunItem = ({ confirmedBy, confirmedAt, note, ...item }: EvaluatedItem): RunItem => ({
  ...item,
  ...(confirmedBy ? { ConfirmedBy: confirmedBy } : {}),
  ...(confirmedAt ? { ConfirmedAt: confirmedAt } : {}),
  ...(note ? { Note: note } : {}),
});

export const isFinished = (items: readonly TestItem[]): boolean =>
  items.every((i) => i.state === ok || i.state === failed);
