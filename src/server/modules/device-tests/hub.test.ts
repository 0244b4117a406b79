/**
 * The installation test end to end over the real hub: the stock @microsoft/signalr client (JSON
 * and MessagePack, WebSockets and long polling) against a listening app, with device messages
 * from the simulator or posted to the device link.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_LINK_PATH } from '@shared/devices/device-link';
import {
  DEVICE_TEST_HUB_PATH,
  TEST_ITEM_STATE,
  type TestItem,
  type TestProgress,
  type TestRawMessage,
} from '@shared/devices/device-tests';
import { deviceTestResults, deviceTestSettings } from '@server/db/schema';
import { hubClient, next, type ProtocolName, type TransportName } from '@server/test/hub';
import { createSimulator } from '@server/simulator/simulator';
import { apiCaller, deviceOf, RESELLER, USER, VIEWER } from '@server/test/api';
import { createTestContext, type TestContext } from '@server/test/harness';
import {
  configureDevice,
  deviceWithTestSettings,
  goodMessage,
  postDeviceMessage,
  until,
} from '@server/test/device-tests';

let ctx: TestContext;
let baseUrl: string;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = apiCaller(ctx);
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => ctx.close());

const tokenOf = async (email: string) =>
  (await ctx.authHeader(email)).authorization.replace(/^Bearer /, '');
const hubUrl = (imei: string) => `${baseUrl}/api/${DEVICE_TEST_HUB_PATH}?IMEI=${imei}`;

/** A client that records what the hub sends it and answers every state-4 item with `verdict`. */
async function watch(
  imei: string,
  protocol: ProtocolName,
  transport: TransportName,
  verdict: 1 | 3 = TEST_ITEM_STATE.ok,
) {
  const client = hubClient(hubUrl(imei), { protocol, transport, token: await tokenOf(USER) });
  const seen = {
    lists: [] as TestItem[][],
    raw: [] as TestRawMessage[],
    progress: [] as TestProgress[],
  };
  const closed = next<Error | undefined>((resolve) => {
    client.onclose(resolve);
  }, 20_000);
  client.on('ReceiveTestList', (items: TestItem[]) => seen.lists.push(items));
  client.on('ReceiveRawMessage', (message: TestRawMessage) => seen.raw.push(message));
  client.on('ReceiveTestProgress', (progress: TestProgress) => {
    seen.progress.push(progress);
    // What the test page does: the installer judges every item that asks for it.
    if (progress.Finished || !progress.Items.some((i) => i.state === 4)) return;
    const SocketModel = progress.Items.map((i) => (i.state === 4 ? { ...i, state: verdict } : i));
    const LastDeviceMessage = seen.raw.at(-1)?.Message ?? null;
    client
      .send('GetTestProgress', { IMEI: imei, SocketModel, LastDeviceMessage })
      .catch(() => undefined);
  });
  await client.start();
  await client.invoke('InitTestSocket', imei);
  await until(() => seen.lists.length > 0);
  return { client, seen, closed };
}

/** A test of the spec's eight items: DriverID on, nothing else configured. */
async function startTest(n: number) {
  const device = await deviceWithTestSettings(ctx, USER, 'Atlas Freight', n);
  await configureDevice(ctx, device.imei, { iButton: '1' });
  expect((await call(USER, 'GET', `devicetestsettings/setactive/${device.imei}`)).statusCode).toBe(
    200,
  );
  return device;
}

async function storedResult(id: number | null | undefined) {
  const [row] = await ctx.database.db
    .select()
    .from(deviceTestResults)
    .where(eq(deviceTestResults.id, id ?? 0));
  return row;
}

async function isActive(settingsId: number) {
  const [row] = await ctx.database.db
    .select({ active: deviceTestSettings.isActive })
    .from(deviceTestSettings)
    .where(eq(deviceTestSettings.id, settingsId));
  return row?.active;
}

const MATRIX: [ProtocolName, TransportName][] = [
  ['json', 'WebSockets'],
  ['json', 'LongPolling'],
  ['messagepack', 'WebSockets'],
  ['messagepack', 'LongPolling'],
];

describe.each(MATRIX)('%s over %s', (protocol, transport) => {
  const n = 20 + MATRIX.findIndex(([p, t]) => p === protocol && t === transport) * 2;

  it('runs a test with the simulator to TEST OK', async () => {
    const { imei, settings } = await startTest(n);
    const { seen, closed } = await watch(imei, protocol, transport);
    expect(seen.lists[0]?.map((i) => i.state)).toEqual(Array(8).fill(2));
    const simulator = createSimulator({
      url: `${baseUrl}${DEVICE_LINK_PATH}`,
      devices: [{ imei, credential: ctx.deviceCredentials.get(imei) ?? '' }],
      intervalMs: 50,
      seed: n,
    });
    simulator.start();
    try {
      await until(() => seen.raw.length >= 2, 10_000);
      // The simulated vehicle shows a driver key only on some trips: the installer presents one.
      await postDeviceMessage(ctx, goodMessage(imei));
      const error = await closed;
      expect(error).toBeUndefined();
    } finally {
      await simulator.stop();
    }
    const final = seen.progress.at(-1);
    expect(final).toMatchObject({ IMEI: imei, Finished: true, TestResult: 'TEST OK' });
    expect(final?.Items.every((i) => i.state === 1)).toBe(true);
    const first = seen.raw[0];
    expect(first).toMatchObject({
      Id: expect.any(Number) as number,
      Message: expect.stringContaining(imei) as string,
    });
    expect(JSON.parse(first?.Message ?? '{}')).toMatchObject({ IMEI: imei });
    const row = await storedResult(final?.ResultId);
    expect(row).toMatchObject({
      imei,
      testResult: 'TEST OK',
      customerName: 'Atlas Freight',
      userEmail: USER,
      validConnection: true,
      validTimeStamp: true,
      validIgnState: true,
      validPosition: true,
      validOdo: true,
      validVin: true,
      validIbutton: true,
      validIo1State: true,
    });
    for (const field of ['lat', 'lon', 'satCount', 'odo', 'vin', 'ibutton'] as const) {
      expect(row?.[field], field).not.toBeNull();
    }
    expect(await isActive(settings.Id)).toBe(false);
  });

  it('runs a test with device-link posts to FAILED', async () => {
    const { imei, settings } = await startTest(n + 1);
    const { seen, closed } = await watch(imei, protocol, transport, TEST_ITEM_STATE.failed);
    await postDeviceMessage(ctx, { ...goodMessage(imei), PrivateSwitch: 0 });
    expect(await closed).toBeUndefined();
    const final = seen.progress.at(-1);
    expect(final).toMatchObject({ Finished: true, TestResult: 'FAILED' });
    expect(await storedResult(final?.ResultId)).toMatchObject({
      testResult: 'FAILED',
      validConnection: true,
      validIgnState: false,
      validVin: false,
      vin: 'YV2RT40A8KB123456',
      privateSwitchActive: false,
    });
    expect(await isActive(settings.Id)).toBe(false);
  });
});

describe('hub access and lifecycle', () => {
  it('refuses other tenants (404), Viewers (403) and no token (401)', async () => {
    const hansen = await deviceOf(ctx, 'Hansen Transport');
    const atlas = await deviceOf(ctx, 'Atlas Freight');
    const start = async (imei: string, email: string | null) =>
      hubClient(hubUrl(imei), email ? { token: await tokenOf(email) } : {}).start();
    await expect(start(hansen.imei, USER)).rejects.toThrow(/404/);
    await expect(start(atlas.imei, RESELLER)).rejects.toThrow(/404/);
    await expect(start(atlas.imei, VIEWER)).rejects.toThrow(/403/);
    await expect(start(atlas.imei, null)).rejects.toThrow(/401/);
    await expect(start('not-an-imei', USER)).rejects.toThrow(/400/);
  });

  it('keeps the test running when its page goes away: a phone that lost its signal', async () => {
    const { imei, settings } = await startTest(5);
    const { client } = await watch(imei, 'json', 'WebSockets');
    await client.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await isActive(settings.Id)).toBe(true);
    const back = await watch(imei, 'json', 'LongPolling');
    expect(back.seen.lists[0]?.map((i) => i.state)).toEqual(Array(8).fill(2));
    await back.client.stop();
  });

  it('fans out to several pages and closes them on setinactive', async () => {
    const { imei } = await startTest(6);
    const a = await watch(imei, 'json', 'WebSockets');
    const b = await watch(imei, 'messagepack', 'LongPolling');
    await postDeviceMessage(ctx, { ...goodMessage(imei), VIN: undefined, Ibutton: null });
    await until(() => a.seen.raw.length === 1 && b.seen.raw.length === 1);
    expect(a.seen.raw[0]).toEqual(b.seen.raw[0]);
    expect((await call(USER, 'GET', `devicetestsettings/setinactive/${imei}`)).statusCode).toBe(
      200,
    );
    await expect(a.closed).resolves.toBeInstanceOf(Error);
    await expect(b.closed).resolves.toBeInstanceOf(Error);
  });

  it('closes a page whose test is not active', async () => {
    const { imei } = await deviceWithTestSettings(ctx, USER, 'Atlas Freight', 7);
    const client = hubClient(hubUrl(imei), { token: await tokenOf(USER) });
    const closed = next<Error | undefined>((resolve) => {
      client.onclose(resolve);
    });
    await client.start();
    await client.invoke('InitTestSocket', imei).catch(() => undefined);
    expect((await closed)?.message).toContain('not active');
  });
});
