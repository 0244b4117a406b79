import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceTestRun } from '@shared/devices/test-runs';
import { deviceTestRuns, deviceTestVerdicts } from '@server/db/schema';
import { apiCaller, RESELLER, USER, VIEWER } from '@server/test/api';
import { createTestContext, type TestContext } from '@server/test/harness';
import {
  configureDevice,
  deviceWithTestSettings,
  goodMessage,
  postDeviceMessage,
  until,
} from '@server/test/device-tests';

let ctx: TestContext;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = apiCaller(ctx);
});
afterAll(() => ctx.close());

/** A started test of the spec's items without iButton; the run's key is the client's. */
async function startTest(n: number) {
  const { imei } = await deviceWithTestSettings(ctx, USER, 'Atlas Freight', n);
  await configureDevice(ctx, imei);
  const key = crypto.randomUUID();
  const started = await call(USER, 'GET', `devicetestsettings/setactive/${imei}?run=${key}`);
  expect(started.json()).toMatchObject({ IsActive: true, RunKey: key });
  return { imei, key };
}

const verdict = (Item: string, Value: string, State: number, MadeAt = new Date()) => ({
  Item,
  Value,
  State,
  Note: null,
  MadeAt: MadeAt.toISOString(),
});

async function postVerdict(key: string, body: unknown, idempotencyKey?: string, email = USER) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/devicetests/runs/${key}/verdicts`,
    headers: {
      ...(await ctx.authHeader(email)),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    payload: body as Record<string, unknown>,
  });
}

const runOf = async (key: string, email = USER) =>
  (await call(email, 'GET', `devicetests/runs/${key}`)).json<DeviceTestRun>();

describe('installation test runs', () => {
  it('finishes on verdicts sent through the API, with no page watching, exactly once', async () => {
    const { imei, key } = await startTest(1);
    await postDeviceMessage(ctx, goodMessage(imei));
    const made = Date.now() - 60_000;
    const send = [
      verdict('ignition', 'ON', 1, new Date(made)),
      verdict('odometer', '412346 km', 1, new Date(made + 1000)),
      verdict('vin', 'YV2RT40A8KB123456', 1, new Date(made + 2000)),
    ];
    for (const [i, body] of send.entries()) {
      expect((await postVerdict(key, body, `${key}-${i}`)).statusCode).toBe(200);
    }
    // The outbox sends one twice (its answer was lost): stored once.
    const replay = await postVerdict(key, send[0], `${key}-0`);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const [stored] = await ctx.database.db
      .select({ n: count() })
      .from(deviceTestVerdicts)
      .innerJoin(deviceTestRuns, eq(deviceTestRuns.id, deviceTestVerdicts.runId))
      .where(eq(deviceTestRuns.key, key));
    expect(stored?.n).toBe(3);
    let run = await runOf(key);
    expect(run).toMatchObject({ Key: key, IMEI: imei, EndedAt: null, TestResult: null });
    expect(run.Items.find((i) => i.key === 'ignition')).toMatchObject({
      state: 1,
      ConfirmedBy: USER,
    });
    expect((await postVerdict(key, verdict('io1', 'OFF', 1), `${key}-3`)).statusCode).toBe(200);
    await until(async () => (await runOf(key)).EndReason === 'finished');
    run = await runOf(key);
    expect(run).toMatchObject({ TestResult: 'TEST OK', ResultId: expect.any(Number) as number });
    expect(run.Items.map((i) => i.key)).toEqual([
      'connection',
      'timestamp',
      'ignition',
      'position',
      'odometer',
      'vin',
      'io1',
    ]);
    // A verdict after the end changes nothing and says so.
    const late = await postVerdict(key, verdict('io1', 'OFF', 3));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      errors: { Run: expect.stringContaining('ended') as string },
    });
  });

  it('merges verdicts made offline in the order they were made', async () => {
    const { imei, key } = await startTest(2);
    await postDeviceMessage(ctx, goodMessage(imei));
    const now = Date.now();
    // Made at 10:06, arriving first; then one made at 10:05 that waited in an outbox.
    await postVerdict(key, verdict('ignition', 'ON', 3, new Date(now - 60_000)));
    await postVerdict(key, verdict('ignition', 'ON', 1, new Date(now - 120_000)));
    expect((await runOf(key)).Items.find((i) => i.key === 'ignition')?.state).toBe(3);
  });

  it('refuses what is not a verdict of the run, and other tenants, Viewers and bad input', async () => {
    const { key } = await startTest(3);
    const position = await postVerdict(key, verdict('position', 'x', 1));
    expect(position.statusCode).toBe(400);
    expect(position.json()).toMatchObject({ errors: { Item: expect.any(String) as string } });
    const ibutton = await postVerdict(key, verdict('ibutton', 'x', 1));
    expect(ibutton.statusCode).toBe(400);
    const bad = await postVerdict(key, { Item: 'ignition', Value: '', State: 2, MadeAt: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual([
      'MadeAt',
      'State',
      'Value',
    ]);
    expect(
      (await postVerdict(key, verdict('ignition', 'ON', 1), undefined, VIEWER)).statusCode,
    ).toBe(403);
    expect(
      (await postVerdict(key, verdict('ignition', 'ON', 1), undefined, RESELLER)).statusCode,
    ).toBe(404);
    expect((await call(RESELLER, 'GET', `devicetests/runs/${key}`)).statusCode).toBe(404);
    expect((await call(USER, 'GET', `devicetests/runs/${crypto.randomUUID()}`)).statusCode).toBe(
      404,
    );
    expect((await call(VIEWER, 'GET', `devicetests/runs/${key}`)).statusCode).toBe(200);
  });

  it('shows a stopped run as stopped, without a result', async () => {
    const { imei, key } = await startTest(4);
    await call(USER, 'GET', `devicetestsettings/setinactive/${imei}`);
    expect(await runOf(key)).toMatchObject({ EndReason: 'stopped', TestResult: null });
  });
});
