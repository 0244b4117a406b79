import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_ITEM_STATE,
  type DeviceTestResult,
  type TestItem,
  type TestProgress,
  type TestRawMessage,
} from '@shared/devices/device-tests';
import { deviceTestResults, deviceTestSettings } from '@server/db/schema';
import type { HubConnection } from '@server/hub/types';
import { apiCaller, RESELLER, USER, VIEWER } from '@server/test/api';
import { createTestContext, type TestContext } from '@server/test/harness';
import { createDeviceTestEngine, NOT_ACTIVE, NOT_JOINED, WRONG_IMEI } from './engine';
import {
  deviceWithTestSettings,
  goodMessage,
  postDeviceMessage,
  until,
} from '@server/test/device-tests';

/**
 * The engine without a transport: connections here record what the hub would send. The real
 * SignalR path is covered by hub.test.ts.
 */
class RecordingConnection implements HubConnection {
  readonly connectionId = Math.random().toString(36).slice(2);
  readonly caller = { userId: 0, role: 'User' as const, customerId: 0, isReseller: false };
  readonly query: URLSearchParams;
  readonly sent: { target: string; payload: unknown }[] = [];
  closed = false;
  closeError: string | undefined;

  constructor(
    imei: string,
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
let engine: ReturnType<typeof createDeviceTestEngine>;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = apiCaller(ctx);
  engine = createDeviceTestEngine(ctx.database.db, ctx.app.log, { reconnectGraceMs: 200 });
  engine.listen(ctx.app.deviceLink.events);
});
afterAll(async () => {
  engine.close();
  await ctx.close();
});

const connect = (imei: string) =>
  new RecordingConnection(imei, (c) => {
    engine.leave(c);
  });

async function startTest(n: number) {
  const { imei, settings } = await deviceWithTestSettings(ctx, USER, 'Atlas Freight', n);
  expect((await call(USER, 'GET', `devicetestsettings/setactive/${imei}`)).statusCode).toBe(200);
  return { imei, settings };
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
  it('fans messages out, takes confirmations and stores TEST OK', async () => {
    const { imei, settings } = await startTest(10);
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

    // A verdict on a non-state-4 item is ignored; the IMEI must be the connection's.
    const progress = a.lastProgress()?.Items ?? [];
    // Everything but the verdicts is ignored, whatever its kind (docs/installation-test.md).
    engine.progress(a, {
      IMEI: imei,
      SocketModel: progress.map((item) => ({ ...item, title: null, value: 7 })),
      LastDeviceMessage: { Id: 1, Message: JSON.stringify(message) },
    });
    expect(b.lastProgress()?.Items.map((i) => i.state)).toEqual([1, 1, 4, 1, 4, 4, 1, 4]);
    expect(() => {
      engine.progress(a, { IMEI: '1', SocketModel: progress, LastDeviceMessage: null });
    }).toThrow(WRONG_IMEI);
    engine.progress(a, {
      IMEI: imei,
      SocketModel: verdicts(progress, 1, ['ignition', 'odometer', 'vin']),
      LastDeviceMessage: JSON.stringify(message),
    });
    expect(b.lastProgress()?.Items.map((i) => i.state)).toEqual([1, 1, 1, 1, 1, 1, 1, 4]);
    expect(b.lastProgress()?.Finished).toBe(false);
    engine.progress(b, { IMEI: imei, SocketModel: verdicts(progress, 1), LastDeviceMessage: null });

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
    });
    expect((await call(VIEWER, 'GET', 'devicetests')).json<DeviceTestResult[]>()[0]?.Id).toBe(
      final?.ResultId,
    );
    const ofReseller = (await call(RESELLER, 'GET', 'devicetests')).json<DeviceTestResult[]>();
    expect(ofReseller.map((r) => r.IMEI)).not.toContain(imei);
    expect(engine.sessionCount()).toBe(0);
  });

  it('stores FAILED when an item fails', async () => {
    const { imei } = await startTest(11);
    const a = connect(imei);
    await engine.join(a, imei);
    await postDeviceMessage(ctx, { ...goodMessage(imei), VIN: '0' });
    const items = a.lastProgress()?.Items ?? [];
    expect(items.find((i) => i.key === 'vin')?.state).toBe(3);
    engine.progress(a, { IMEI: imei, SocketModel: verdicts(items, 1), LastDeviceMessage: null });
    await until(() => a.closed);
    expect(a.lastProgress()).toMatchObject({ Finished: true, TestResult: 'FAILED' });
    const [row] = await ctx.database.db
      .select()
      .from(deviceTestResults)
      .where(eq(deviceTestResults.id, a.lastProgress()?.ResultId ?? 0));
    expect(row).toMatchObject({ testResult: 'FAILED', validVin: false, vin: '0', validOdo: true });
  });

  it('stops without a result when the last connection stays closed past the grace period', async () => {
    const { imei, settings } = await startTest(12);
    const a = connect(imei);
    const b = connect(imei);
    await engine.join(a, imei);
    await engine.join(b, imei);
    a.close();
    expect((await settingsRow(settings.Id))?.isActive).toBe(true);
    await postDeviceMessage(ctx, goodMessage(imei));
    expect(b.of('ReceiveRawMessage')).toHaveLength(1);
    expect(a.of('ReceiveRawMessage')).toHaveLength(0);
    const before = await ctx.database.db.select().from(deviceTestResults);
    b.close();
    // Still running during the grace period: a page that lost its network may come back.
    expect((await settingsRow(settings.Id))?.isActive).toBe(true);
    await until(async () => (await settingsRow(settings.Id))?.isActive === false);
    expect(await ctx.database.db.select().from(deviceTestResults)).toHaveLength(before.length);
    expect(engine.sessionCount()).toBe(0);
  });

  it('lets a page that lost its connection rejoin the running test within the grace period', async () => {
    const { imei, settings } = await startTest(14);
    const dropped = connect(imei);
    await engine.join(dropped, imei);
    dropped.close();
    const rejoined = connect(imei);
    await engine.join(rejoined, imei);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await settingsRow(settings.Id))?.isActive).toBe(true);
    await postDeviceMessage(ctx, goodMessage(imei));
    expect(rejoined.of('ReceiveRawMessage')).toHaveLength(1);
    rejoined.close();
    await until(async () => (await settingsRow(settings.Id))?.isActive === false);
  });

  it('restarts on setactive and closes on setinactive', async () => {
    const { imei } = await startTest(13);
    const a = connect(imei);
    await engine.join(a, imei);
    await postDeviceMessage(ctx, goodMessage(imei));
    expect(a.lastProgress()?.Items[0]?.state).toBe(1);
    // The app's own engine handles setactive; this engine sees the flag on its next join.
    const [row] = await ctx.database.db
      .select()
      .from(deviceTestSettings)
      .where(eq(deviceTestSettings.imei, imei));
    if (!row) throw new Error('no settings');
    engine.restart(row);
    expect(a.of<TestItem[]>('ReceiveTestList').at(-1)?.[0]?.state).toBe(2);
    engine.stop(imei, 'stopped');
    expect(a.closed).toBe(true);
    expect(a.closeError).toBe('stopped');
  });

  it('refuses inactive tests, foreign IMEIs and progress before joining', async () => {
    const { imei } = await deviceWithTestSettings(ctx, USER, 'Atlas Freight', 14);
    const a = connect(imei);
    expect(() => {
      engine.progress(a, { IMEI: imei, SocketModel: [], LastDeviceMessage: null });
    }).toThrow(NOT_JOINED);
    await expect(engine.join(a, '123')).rejects.toThrow(WRONG_IMEI);
    await engine.join(a, imei);
    expect(a.closed).toBe(true);
    expect(a.closeError).toBe(NOT_ACTIVE);
  });
});
