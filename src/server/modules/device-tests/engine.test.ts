import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_ITEM_STATE,
  type DeviceTestResult,
  type TestItem,
  type TestProgress,
  type TestRawMessage,
} from '@shared/devices/device-tests';
import { deviceTestResults, deviceTestSettings, users } from '@server/db/schema';
import type { HubConnection } from '@server/hub/types';
import { apiCaller, RESELLER, USER, VIEWER } from '@server/test/api';
import { createTestContext, type TestContext } from '@server/test/harness';
import {
  configureDevice,
  deviceWithTestSettings,
  goodMessage,
  postDeviceMessage,
  until,
} from '@server/test/device-tests';
import { DeviceTestEngine, EXPIRED, NOT_ACTIVE, NOT_JOINED, STOPPED, WRONG_IMEI } from './engine';

/**
 * The app's engine without a transport: connections here record what the hub would send. The
 * real SignalR path is covered by hub.test.ts, the run calls by runs.test.ts.
 */
class RecordingConnection implements HubConnection {
  readonly connectionId = Math.random().toString(36).slice(2);
  readonly query: URLSearchParams;
  readonly sent: { target: string; payload: unknown }[] = [];
  closed = false;
  closeError: string | undefined;

  constructor(
    imei: string,
    readonly caller: HubConnection['caller'],
    private readonly onClose: (c: RecordingConnection) => void,
  ) {
    this.query = new URLSearchParams({ IMEI: imei });
  }
  send(target: string, payload: unknown): void {
    this.sent.push({ target, payload });
  }
  close(error?: string): void {
    this.closed = true;
    this.closeError = error;
    this.onClose(this);
  }
  of<T>(target: string): T[] {
    return this.sent.filter((m) => m.target === target).map((m) => m.payload as T);
  }
  lastProgress(): TestProgress | undefined {
    return this.of<TestProgress>('ReceiveTestProgress').at(-1);
  }
}

let ctx: TestContext;
let engine: DeviceTestEngine;
let call: ReturnType<typeof apiCaller>;
let userId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  call = apiCaller(ctx);
  await ctx.app.ready();
  engine = ctx.app.deviceTests;
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, USER));
  userId = user?.id ?? 0;
});
afterAll(() => ctx.close());

const connect = (imei: string) =>
  new RecordingConnection(imei, { userId, role: 'User', customerId: 0, isReseller: false }, (c) => {
    engine.leave(c);
  });

async function startTest(n: number, config: Record<string, string> = {}) {
  const { imei, settings } = await deviceWithTestSettings(ctx, USER, 'Atlas Freight', n);
  await configureDevice(ctx, imei, config);
  const started = await call(USER, 'GET', `devicetestsettings/setactive/${imei}`);
  expect(started.statusCode).toBe(200);
  return { imei, settings, runKey: started.json<{ RunKey: string }>().RunKey };
}

const verdicts = (items: TestItem[], state: 1 | 3, keys?: string[]) =>
  items.map((i) =>
    i.state === TEST_ITEM_STATE.awaitingConfirmation && (!keys || keys.includes(i.key))
      ? { ...i, state }
      : i,
  );

async function settingsRow(id: number) {
  const [row] = await ctx.database.db
    .select()
    .from(deviceTestSettings)
    .where(eq(deviceTestSettings.id, id));
  return row;
}

describe('installation test engine', () => {
  it('fans messages out, takes confirmations and stores TEST OK with every item', async () => {
    const { imei, settings } = await startTest(10, { iButton: '1' });
    const a = connect(imei);
    const b = connect(imei);
    await engine.join(a, imei);
    await engine.join(b, imei);
    expect(a.of<TestItem[]>('ReceiveTestList')[0]?.map((i) => i.state)).toEqual(Array(8).fill(2));

    const message = goodMessage(imei);
    await postDeviceMessage(ctx, message);
    for (const c of [a, b]) {
      const [raw] = c.of<TestRawMessage>('ReceiveRawMessage');
      expect(raw?.Message).toBe(JSON.stringify(message));
      expect(raw?.Id).toBeGreaterThan(0);
      expect(Date.parse(raw?.TimeStampServer ?? '')).toBeGreaterThan(Date.now() - 10_000);
      expect(c.lastProgress()?.Items.map((i) => i.state)).toEqual([1, 1, 4, 1, 4, 4, 1, 4]);
    }

    // Everything but the verdicts is ignored, whatever its kind (docs/installation-test.md).
    const progress = a.lastProgress()?.Items ?? [];
    await engine.progress(a, {
      IMEI: imei,
      SocketModel: progress.map((item) => ({ ...item, title: null, value: 7 })),
      LastDeviceMessage: { Id: 1, Message: JSON.stringify(message) },
    });
    expect(b.lastProgress()?.Items.map((i) => i.state)).toEqual([1, 1, 4, 1, 4, 4, 1, 4]);
    await expect(
      engine.progress(a, { IMEI: '1', SocketModel: progress, LastDeviceMessage: null }),
    ).rejects.toThrow(WRONG_IMEI);
    await engine.progress(a, {
      IMEI: imei,
      SocketModel: verdicts(progress, 1, ['ignition', 'odometer', 'vin']),
      LastDeviceMessage: JSON.stringify(message),
    });
    expect(b.lastProgress()?.Items.map((i) => i.state)).toEqual([1, 1, 1, 1, 1, 1, 1, 4]);
    expect(b.lastProgress()?.Finished).toBe(false);
    await engine.progress(b, {
      IMEI: imei,
      SocketModel: verdicts(progress, 1),
      LastDeviceMessage: null,
    });

    await until(() => a.closed && b.closed);
    const final = a.lastProgress();
    expect(final).toMatchObject({ Finished: true, TestResult: 'TEST OK' });
    expect(b.lastProgress()).toEqual(final);
    expect(a.closeError).toBeUndefined();
    expect((await settingsRow(settings.Id))?.isActive).toBe(false);

    const results = (await call(USER, 'GET', 'devicetests')).json<DeviceTestResult[]>();
    expect(results[0]).toEqual({
      Id: final?.ResultId,
      CustomerName: 'Atlas Freight',
      IMEI: imei,
      UserEmail: USER,
      TimeStamp: expect.any(String) as string,
      ValidConnection: true,
      ValidTimeStamp: true,
      ValidIGNState: true,
      ValidPosition: true,
      ValidOdo: true,
      ValidVIN: true,
      ValidIbutton: true,
      ValidIO1State: true,
      TestResult: 'TEST OK',
      LAT: 52.370216,
      LON: 4.895168,
      SatCount: 9,
      Odo: 412345.678,
      VIN: 'YV2RT40A8KB123456',
      IbuttonActive: true,
      Ibutton: '01A2B3C4D5E6F700',
      PrivateSwitchActive: null,
      Items: expect.any(Array) as unknown[],
    });
    expect(results[0]?.Items?.find((i) => i.key === 'vin')).toMatchObject({
      value: 'YV2RT40A8KB123456',
      state: 1,
      ConfirmedBy: USER,
    });
    expect((await call(VIEWER, 'GET', 'devicetests')).json<DeviceTestResult[]>()[0]?.Id).toBe(
      final?.ResultId,
    );
    const ofReseller = (await call(RESELLER, 'GET', 'devicetests')).json<DeviceTestResult[]>();
    expect(ofReseller.map((r) => r.IMEI)).not.toContain(imei);
    expect(engine.sessionOf(imei)).toBeUndefined();
  });

  it('stores FAILED when an item fails', async () => {
    const { imei } = await startTest(11);
    const a = connect(imei);
    await engine.join(a, imei);
    await postDeviceMessage(ctx, { ...goodMessage(imei), VIN: '0' });
    const items = a.lastProgress()?.Items ?? [];
    expect(items.find((i) => i.key === 'vin')?.state).toBe(3);
    await engine.progress(a, {
      IMEI: imei,
      SocketModel: verdicts(items, 1),
      LastDeviceMessage: null,
    });
    await until(() => a.closed);
    expect(a.lastProgress()).toMatchObject({ Finished: true, TestResult: 'FAILED' });
    const [row] = await ctx.database.db
      .select()
      .from(deviceTestResults)
      .where(eq(deviceTestResults.id, a.lastProgress()?.ResultId ?? 0));
    expect(row).toMatchObject({ testResult: 'FAILED', validVin: false, vin: '0', validOdo: true });
  });

  it('keeps a test running and evaluating while no page watches it', async () => {
    const { imei, settings } = await startTest(12);
    const a = connect(imei);
    await engine.join(a, imei);
    a.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await settingsRow(settings.Id))?.isActive).toBe(true);
    // The tracker has its own modem: its messages keep arriving and count.
    await postDeviceMessage(ctx, goodMessage(imei));
    const back = connect(imei);
    await engine.join(back, imei);
    const list = back.of<TestItem[]>('ReceiveTestList')[0] ?? [];
    expect(list.find((i) => i.key === 'connection')).toMatchObject({
      state: 1,
      value: '1 message(s) received',
    });
    back.close();
  });

  it('rebuilds running tests from the database, as after a restart', async () => {
    const { imei } = await startTest(13, { analogInputFunction: '1' });
    await postDeviceMessage(ctx, { ...goodMessage(imei), BinaryInput: 0 });
    await postDeviceMessage(ctx, { ...goodMessage(imei), BinaryInput: 1 });
    const a = connect(imei);
    await engine.join(a, imei);
    const ignition = a.of<TestItem[]>('ReceiveTestList')[0]?.find((i) => i.key === 'ignition');
    await engine.progress(a, {
      IMEI: imei,
      SocketModel: [{ ...ignition, key: 'ignition', state: 1 }],
      LastDeviceMessage: null,
    });
    const restarted = new DeviceTestEngine(ctx.database.db, ctx.app.log);
    await restarted.start();
    try {
      const items = restarted.sessionOf(imei)?.items ?? [];
      expect(items.map((i) => [i.key, i.state])).toEqual(
        (engine.sessionOf(imei)?.items ?? []).map((i) => [i.key, i.state]),
      );
      expect(items.find((i) => i.key === 'binaryInput')?.state).toBe(1);
      expect(items.find((i) => i.key === 'ignition')).toMatchObject({
        state: 1,
        confirmedBy: USER,
      });
      expect(items.find((i) => i.key === 'connection')?.value).toBe('2 message(s) received');
    } finally {
      restarted.close();
    }
  });

  it('begins one run per key, restarts for a new one and closes on setinactive', async () => {
    const { imei, runKey } = await startTest(14);
    const a = connect(imei);
    await engine.join(a, imei);
    await postDeviceMessage(ctx, goodMessage(imei));
    expect(a.lastProgress()?.Items[0]?.state).toBe(1);
    // The same start again (a queued start sent twice): the same run, nothing lost.
    const again = await call(USER, 'GET', `devicetestsettings/setactive/${imei}?run=${runKey}`);
    expect(again.json<{ RunKey: string }>().RunKey).toBe(runKey);
    expect(engine.sessionOf(imei)?.items[0]?.state).toBe(1);
    // A new start begins afresh: the watching page gets the new list.
    const fresh = await call(USER, 'GET', `devicetestsettings/setactive/${imei}`);
    expect(fresh.json<{ RunKey: string }>().RunKey).not.toBe(runKey);
    expect(a.of<TestItem[]>('ReceiveTestList').at(-1)?.[0]?.state).toBe(2);
    await call(USER, 'GET', `devicetestsettings/setinactive/${imei}`);
    expect(a.closed).toBe(true);
    expect(a.closeError).toBe(STOPPED);
  });

  it('ends a test nobody worked on for the idle limit, without a result', async () => {
    const { imei, settings } = await startTest(15);
    const a = connect(imei);
    await engine.join(a, imei);
    await engine.sweep(new Date(Date.now() + 23 * 3_600_000));
    expect(a.closed).toBe(false);
    await engine.sweep(new Date(Date.now() + 25 * 3_600_000));
    expect(a.closeError).toBe(EXPIRED);
    expect((await settingsRow(settings.Id))?.isActive).toBe(false);
  });

  it('refuses inactive tests, foreign IMEIs and progress before joining', async () => {
    const { imei } = await deviceWithTestSettings(ctx, USER, 'Atlas Freight', 16);
    const a = connect(imei);
    await expect(
      engine.progress(a, { IMEI: imei, SocketModel: [], LastDeviceMessage: null }),
    ).rejects.toThrow(NOT_JOINED);
    await expect(engine.join(a, '123')).rejects.toThrow(WRONG_IMEI);
    await engine.join(a, imei);
    expect(a.closed).toBe(true);
    expect(a.closeError).toBe(NOT_ACTIVE);
  });
});
