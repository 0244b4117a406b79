import { describe, expect, it } from 'vitest';
import { TEST_ITEM_STATE, type TestItemKey } from '@shared/devices/device-tests';
import { testPlan } from '@shared/devices/test-items';
import { evaluate, isFinished } from './evaluation';
import { emptyObserved, observe, type Observed } from './observation';
import { toResultRow } from './result-row';
import { Verdicts, verdictsFromSocketModel, type Verdict } from './verdicts';

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
/** The spec's items with iButton (DriverID on), nothing else configured. */
const SPEC_PLAN = testPlan({ iButton: '1' });
const FULL_PLAN = testPlan({
  iButton: '1',
  TachoType: '1',
  TachoLiveEnabled: '1',
  ProtocolCode: 'FMSGEN0008',
  Output1Behaviour: '2',
  output3Behaviour: '2',
  analogInputFunction: '1',
});

const states = (observed: Observed, verdicts = new Verdicts(), plan = SPEC_PLAN) =>
  Object.fromEntries(evaluate(plan, observed, verdicts).map((i) => [i.key, i.state]));
const verdict = (key: TestItemKey, value: string, state: 1 | 3, madeAt = AT): Verdict => ({
  key,
  value,
  state,
  madeAt,
  by: 'user@demo.test',
  note: null,
});

describe('installation test evaluation', () => {
  it('starts with every item pending', () => {
    const items = evaluate(SPEC_PLAN, emptyObserved(), new Verdicts());
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
    const items = evaluate(SPEC_PLAN, observed, new Verdicts());
    expect(items.find((i) => i.key === 'ignition')?.value).toBe('ON');
    expect(items.find((i) => i.key === 'io1')?.value).toBe('OFF');
    expect(items.find((i) => i.key === 'odometer')?.value).toBe('412346 km');
    expect(items.find((i) => i.key === 'timestamp')?.value).toBe('2 s behind');
  });

  it('fails a wrong clock, a missing VIN and a zero odometer; waits for a fix', () => {
    const observed = observe(emptyObserved(), AT, {
      ...GOOD,
      Timestamp: '2026-11-23T09:50:00.000Z',
      VIN: '0',
      Odo: 0,
      SatCount: 2,
    });
    expect(states(observed)).toMatchObject({
      timestamp: failed,
      vin: failed,
      odometer: failed,
      position: pending,
    });
    expect(states(observe(emptyObserved(), AT, { ...GOOD, VIN: 'SHORT' })).vin).toBe(failed);
    expect(states(observe(emptyObserved(), AT, { ...GOOD, Timestamp: 'x' })).timestamp).toBe(
      failed,
    );
  });

  it('keeps a driver key read during the test after it is removed', () => {
    const read = observe(emptyObserved(), AT, GOOD);
    const removed = observe(read, AT, { ...GOOD, Ibutton: null });
    expect(removed.ibutton).toBe(GOOD.Ibutton);
    expect(states(removed).ibutton).toBe(ok);
  });

  it('checks the configured extras: tachograph, CAN data, switched outputs, the binary input', () => {
    expect(FULL_PLAN).toEqual([
      ...['connection', 'timestamp', 'ignition', 'position', 'odometer', 'vin', 'ibutton'],
      ...['io1', 'tacho', 'can', 'output1', 'output3', 'binaryInput'],
    ]);
    let observed = observe(emptyObserved(), AT, { ...GOOD, Output1: 0, BinaryInput: 0 });
    expect(states(observed, new Verdicts(), FULL_PLAN)).toMatchObject({
      tacho: pending,
      can: pending,
      output1: pending,
      output3: pending,
      binaryInput: pending,
    });
    const pendingValues = evaluate(FULL_PLAN, observed, new Verdicts());
    expect(pendingValues.find((i) => i.key === 'output1')?.value).toBe(
      'OFF: switch it from this page',
    );
    expect(pendingValues.find((i) => i.key === 'binaryInput')?.value).toBe(
      'Seen OFF only: switch the input',
    );
    observed = observe(observed, AT, { IMEI: GOOD.IMEI, MessageType: 'tl', FuelLevel: 71.4 });
    observed = observe(observed, AT, {
      IMEI: GOOD.IMEI,
      Output1: 1,
      BinaryInput: 1,
      EngineRpm: 900,
    });
    const items = evaluate(FULL_PLAN, observed, new Verdicts());
    expect(Object.fromEntries(items.map((i) => [i.key, [i.state, i.value]]))).toMatchObject({
      tacho: [ok, '1 tachograph message(s) received'],
      can: [ok, '900 rpm, fuel 71 %'],
      output1: [awaitingConfirmation, 'ON'],
      output3: [pending, 'Waiting for the output state'],
      binaryInput: [ok, 'Seen ON and OFF'],
    });
  });

  it('binds a verdict to the value judged; the latest made counts, whenever it arrived', () => {
    const observed = observe(emptyObserved(), AT, GOOD);
    const verdicts = new Verdicts();
    verdicts.add(verdict('ignition', 'ON', ok));
    verdicts.add(verdict('vin', GOOD.VIN, failed));
    expect(states(observed, verdicts)).toMatchObject({ ignition: ok, vin: failed, io1: 4 });
    // The ignition changes: the earlier verdict no longer applies; back to ON, it does again.
    const off = observe(observed, AT, { ...GOOD, Ignition: 0 });
    expect(states(off, verdicts).ignition).toBe(awaitingConfirmation);
    expect(states(observe(off, AT, GOOD), verdicts).ignition).toBe(ok);
    // Made offline at 10:05 and received after a verdict made at 10:06: the 10:06 one counts.
    const later = new Date(AT.getTime() + 6 * 60_000);
    const earlier = new Date(AT.getTime() + 5 * 60_000);
    verdicts.add(verdict('io1', 'OFF', failed, later));
    verdicts.add(verdict('io1', 'OFF', ok, earlier));
    expect(states(observed, verdicts).io1).toBe(failed);
    const io1 = evaluate(SPEC_PLAN, observed, verdicts).find((i) => i.key === 'io1');
    expect(io1).toMatchObject({ confirmedBy: 'user@demo.test', confirmedAt: later.toISOString() });
  });

  it("takes a hub client's verdicts only for items awaiting one, as shown", () => {
    const items = evaluate(SPEC_PLAN, observe(emptyObserved(), AT, GOOD), new Verdicts());
    const taken = verdictsFromSocketModel(
      items,
      [
        { key: 'ignition', state: ok },
        { key: 'vin', state: failed },
        { key: 'odometer', state: pending },
        { key: 'connection', state: failed },
      ],
      'user@demo.test',
      AT,
    );
    expect(taken.map((v) => [v.key, v.value, v.state])).toEqual([
      ['ignition', 'ON', ok],
      ['vin', GOOD.VIN, failed],
    ]);
  });

  it('finishes when every item is ok or failed and maps every result field and item', () => {
    const observed = observe(emptyObserved(), AT, GOOD);
    const verdicts = new Verdicts();
    for (const [key, value] of [
      ['ignition', 'ON'],
      ['odometer', '412346 km'],
      ['vin', GOOD.VIN],
      ['io1', 'OFF'],
    ] as const)
      verdicts.add(verdict(key, value, ok));
    const items = evaluate(SPEC_PLAN, observed, verdicts);
    expect(isFinished(items)).toBe(true);
    const row = toResultRow(items, observed);
    expect(row).toEqual({
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
      items,
    });
    expect(row.items?.find((i) => i.key === 'vin')).toMatchObject({
      value: GOOD.VIN,
      state: ok,
      confirmedBy: 'user@demo.test',
    });
    verdicts.add(verdict('vin', GOOD.VIN, failed, new Date(AT.getTime() + 1)));
    const failedRow = toResultRow(evaluate(SPEC_PLAN, observed, verdicts), observed);
    expect(failedRow).toMatchObject({ testResult: 'FAILED', validVin: false, validOdo: true });
    // Without DriverID the test has no iButton item: its result field is false, the items say why.
    const noDriverId = testPlan({});
    expect(noDriverId).not.toContain('ibutton');
    expect(toResultRow(evaluate(noDriverId, observed, verdicts), observed).validIbutton).toBe(
      false,
    );
  });
});
