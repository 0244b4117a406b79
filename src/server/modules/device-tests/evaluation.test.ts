import { describe, expect, it } from 'vitest';
import { TEST_ITEM_STATE, type TestItemKey } from '@shared/devices/device-tests';
import {
  emptyObserved,
  evaluate,
  isFinished,
  observe,
  takeConfirmations,
  toResultRow,
  type Confirmation,
  type Observed,
} from './evaluation';

const { ok, pending, failed, awaitingConfirmation } = TEST_ITEM_STATE;
const AT = new Date('2026-11-23T10:00:00.000Z');
const GOOD = {
  IMEI: '861692040000017',
  Timestamp: '2026-11-23T09:59:58.000Z',
  Ignition: 1,
  Lat: 52.370216,
  Lon: 4.895168,
  SatCount: 9,
  Odo: 412345.678,
  VIN: 'YV2RT40A8KB123456',
  Ibutton: '01A2B3C4D5E6F700',
  IO1: 0,
  PrivateSwitch: 1,
};

const states = (observed: Observed, confirmations = new Map<TestItemKey, Confirmation>()) =>
  Object.fromEntries(evaluate(observed, confirmations).map((i) => [i.key, i.state]));

describe('installation test evaluation', () => {
  it('starts with every item pending', () => {
    const items = evaluate(emptyObserved(), new Map());
    expect(items.map((i) => i.state)).toEqual(Array(8).fill(pending));
    expect(items[0]).toMatchObject({ key: 'connection', title: 'Connection' });
    expect(isFinished(items)).toBe(false);
  });

  it('passes automatic checks and asks a person for the rest', () => {
    const observed = observe(emptyObserved(), AT, GOOD);
    expect(states(observed)).toEqual({
      connection: ok,
      timestamp: ok,
      ignition: awaitingConfirmation,
      position: ok,
      odometer: awaitingConfirmation,
      vin: awaitingConfirmation,
      ibutton: ok,
      io1: awaitingConfirmation,
    });
    const items = evaluate(observed, new Map());
    expect(items.find((i) => i.key === 'ignition')?.value).toBe('ON');
    expect(items.find((i) => i.key === 'io1')?.value).toBe('OFF');
    expect(items.find((i) => i.key === 'odometer')?.value).toBe('412346 km');
    expect(items.find((i) => i.key === 'timestamp')?.value).toBe('2 s behind');
  });

  it('fails a wrong clock, a missing VIN and a zero odometer; waits for a fix', () => {
    const observed = observe(emptyObserved(), AT, {
      ...GOOD,
      Timestamp: '2026-11-23T10:10:00.000Z',
      VIN: '0',
      Odo: 0,
      SatCount: 3,
      Ibutton: null,
    });
    expect(states(observed)).toMatchObject({
      timestamp: failed,
      vin: failed,
      odometer: failed,
      position: pending,
      ibutton: pending,
    });
    expect(states(observe(emptyObserved(), AT, { Timestamp: 'yesterday' })).timestamp).toBe(failed);
    expect(states(observe(emptyObserved(), AT, { VIN: 'SHORT' })).vin).toBe(failed);
    expect(states(observe(emptyObserved(), AT, { Lat: 0, Lon: 0, SatCount: 9 })).position).toBe(
      pending,
    );
  });

  it('counts unreadable messages apart and skips invalid fields', () => {
    const unreadable = observe(emptyObserved(), AT, null);
    expect(states(unreadable).connection).toBe(pending);
    expect(evaluate(unreadable, new Map())[0]?.value).toBe('Only unreadable messages so far');
    const bad = observe(emptyObserved(), AT, { Lat: 123, Lon: 4, SatCount: 9, Ignition: 'yes' });
    expect(bad.values).toEqual({ Lon: 4, SatCount: 9 });
    expect(states(bad)).toMatchObject({ connection: ok, position: pending, ignition: pending });
  });

  it('keeps the last driver key read after it is removed', () => {
    const withKey = observe(emptyObserved(), AT, GOOD);
    const removed = observe(withKey, AT, { ...GOOD, Ibutton: null });
    expect(removed.ibutton).toBe(GOOD.Ibutton);
    expect(states(removed).ibutton).toBe(ok);
  });

  it('takes verdicts only for items awaiting one, bound to the value judged', () => {
    const observed = observe(emptyObserved(), AT, GOOD);
    const confirmations = new Map<TestItemKey, Confirmation>();
    const items = evaluate(observed, confirmations);
    takeConfirmations(
      items,
      [
        { key: 'ignition', state: ok },
        { key: 'vin', state: failed },
        { key: 'odometer', state: pending },
        { key: 'connection', state: failed },
        { key: 'timestamp', state: failed },
      ],
      confirmations,
    );
    expect([...confirmations.keys()].sort()).toEqual(['ignition', 'vin']);
    expect(states(observed, confirmations)).toMatchObject({
      ignition: ok,
      vin: failed,
      odometer: awaitingConfirmation,
      connection: ok,
      timestamp: ok,
    });
    // The ignition changes: the earlier verdict no longer applies.
    const changed = observe(observed, AT, { ...GOOD, Ignition: 0 });
    expect(states(changed, confirmations).ignition).toBe(awaitingConfirmation);
  });

  it('finishes when every item is ok or failed and maps every result field', () => {
    const observed = observe(emptyObserved(), AT, GOOD);
    const confirmations = new Map<TestItemKey, Confirmation>();
    const all = (verdict: typeof ok | typeof failed) => {
      takeConfirmations(
        evaluate(observed, confirmations),
        ['ignition', 'odometer', 'vin', 'io1'].map((key) => ({
          key: key as TestItemKey,
          state: verdict,
        })),
        confirmations,
      );
    };
    all(ok);
    const items = evaluate(observed, confirmations);
    expect(isFinished(items)).toBe(true);
    expect(toResultRow(items, observed)).toEqual({
      validConnection: true,
      validTimeStamp: true,
      validIgnState: true,
      validPosition: true,
      validOdo: true,
      validVin: true,
      validIbutton: true,
      validIo1State: true,
      testResult: 'TEST OK',
      lat: GOOD.Lat,
      lon: GOOD.Lon,
      satCount: 9,
      odo: GOOD.Odo,
      vin: GOOD.VIN,
      ibuttonActive: true,
      ibutton: GOOD.Ibutton,
      privateSwitchActive: true,
    });
    confirmations.set('vin', { value: GOOD.VIN, state: failed });
    const failedRow = toResultRow(evaluate(observed, confirmations), observed);
    expect(failedRow).toMatchObject({ testResult: 'FAILED', validVin: false, validOdo: true });
  });
});
