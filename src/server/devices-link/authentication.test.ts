import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DEVICE_CLOCK_WINDOW_SECONDS,
  DEVICE_REJECTED_MESSAGE,
  DEVICE_SIGNATURE_HEADER,
  type DeviceLinkReply,
} from '@shared/devices/device-link';
import { deviceSettings, devices, logs, modemRequests } from '@server/db/schema';
import { createSecretBox } from '@server/auth/secret-box';
import { createTestContext, TEST_SECRETS_KEY, type TestContext } from '@server/test/harness';
import { newDeviceCredential, signDeviceMessage, unixSeconds } from '@server/auth/device-signing';
import {
  addRequest,
  addSetting,
  deviceRow,
  post,
  rawOf,
  someDevices,
  type FleetDevice,
} from '@server/test/device-link';

let ctx: TestContext;
let fleet: FleetDevice[];
beforeAll(async () => {
  ctx = await createTestContext();
  fleet = await someDevices(ctx.database.db, 8, 60);
});
afterAll(() => ctx.close());

const device = (i: number): FleetDevice => {
  const d = fleet[i];
  if (!d) throw new Error(`no test device ${i}`);
  return d;
};

/** Everything a message could change on its device. */
async function footprint(d: FleetDevice) {
  const row = await deviceRow(ctx.database.db, d.id);
  const settings = await ctx.database.db
    .select({ processed: deviceSettings.processed })
    .from(deviceSettings)
    .where(eq(deviceSettings.deviceId, d.id));
  const requests = await ctx.database.db
    .select({ executed: modemRequests.executed })
    .from(modemRequests)
    .where(eq(modemRequests.deviceId, d.id));
  return {
    raw: (await rawOf(ctx.database.db, d.id)).length,
    state: row.state,
    lastMsg: row.lastMsg,
    currentConfig: row.currentConfig,
    settings,
    requests,
  };
}

const rejected = { message: DEVICE_REJECTED_MESSAGE };

describe('device-link authentication', () => {
  it('refuses an unsigned message with 401 and stores nothing', async () => {
    const d = device(0);
    const before = await footprint(d);
    const response = await post(ctx, { IMEI: d.imei, Lat: 10 }, { credential: null });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toMatch(/not signed/);
    // A signature header alone is not enough either.
    const half = await post(
      ctx,
      { IMEI: d.imei, Lat: 10 },
      { credential: null, headers: { [DEVICE_SIGNATURE_HEADER]: '00'.repeat(32) } },
    );
    expect(half.statusCode).toBe(401);
    expect(await footprint(d)).toEqual(before);
  });

  it('answers an unknown IMEI, a device without credential and a wrong signature alike', async () => {
    const known = device(1);
    const bare = device(2);
    await ctx.database.db.update(devices).set({ credential: null }).where(eq(devices.id, bare.id));
    const rejectedBefore = ctx.app.deviceLink.stats().rejectedMessages;
    const before = await footprint(known);

    const wrong = await post(
      ctx,
      { IMEI: known.imei, Lat: 11 },
      { credential: newDeviceCredential() },
    );
    const unknown = await post(ctx, { IMEI: '000000000000017', Lat: 11 });
    const withoutCredential = await post(
      ctx,
      { IMEI: bare.imei, Lat: 11 },
      { credential: newDeviceCredential() },
    );
    for (const response of [wrong, unknown, withoutCredential]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(rejected);
      expect(response.headers['content-length']).toBe(wrong.headers['content-length']);
    }
    // The same path: all three were verified against a key and counted as rejected.
    expect(ctx.app.deviceLink.stats().rejectedMessages - rejectedBefore).toBe(3);
    expect(await footprint(known)).toEqual(before);

    // The log says the same for each, without telling which case it was.
    for (const imei of [known.imei, '000000000000017', bare.imei]) {
      const [row] = await ctx.database.db
        .select()
        .from(logs)
        .where(like(logs.message, `%IMEI ${imei} rejected%`));
      expect(row?.message).toBe(
        `Device message from IMEI ${imei} rejected: unknown device or wrong credential`,
      );
    }
  });

  it('lets a forged acknowledgement change nothing and shows no pending work', async () => {
    const d = device(3);
    const db = ctx.database.db;
    const setting = await addSetting(db, d.id, 'timedMessageInterval', '45');
    const request = await addRequest(db, d.id, '$REQUEST,RT FF');
    const before = await footprint(d);

    const forged = await post(
      ctx,
      { IMEI: d.imei, Ack: { Settings: [setting], Requests: [request] } },
      { credential: newDeviceCredential() },
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual(rejected);
    expect(await footprint(d)).toEqual(before);

    // Its own credential: 200 with the pending work, still pending.
    const genuine = await post(ctx, { IMEI: d.imei });
    expect(genuine.statusCode).toBe(200);
    expect(genuine.json<DeviceLinkReply>()).toEqual({
      Settings: [{ Id: setting, SettingName: 'timedMessageInterval', Value: '45' }],
      Requests: [{ Id: request, Command: '$REQUEST,RT FF', CommandType: 20 }],
    });
  });

  it('refuses a timestamp outside the window, before looking at the device', async () => {
    const d = device(4);
    const before = await footprint(d);
    const stale = unixSeconds() - DEVICE_CLOCK_WINDOW_SECONDS - 5;
    // A message captured earlier and sent again with its original headers.
    const replay = await post(ctx, { IMEI: d.imei, Lat: 12 }, { timestamp: stale });
    const future = await post(
      ctx,
      { IMEI: d.imei, Lat: 12 },
      { timestamp: unixSeconds() + DEVICE_CLOCK_WINDOW_SECONDS + 5 },
    );
    const unknown = await post(ctx, { IMEI: '000000000000018' }, { timestamp: stale });
    for (const response of [replay, future, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json<{ message: string }>().message).toMatch(/clock/);
    }
    expect(unknown.body).toBe(replay.body);
    expect(await footprint(d)).toEqual(before);
    // Within the window the same device is fine.
    const fresh = await post(ctx, { IMEI: d.imei, Lat: 12 }, { timestamp: unixSeconds() - 60 });
    expect(fresh.statusCode).toBe(200);
  });

  it('takes the window alike both ways: now ± 300 s in, ± 301 s out, whatever the millisecond', async () => {
    const d = device(4);
    const second = unixSeconds();
    // Late in the second, where comparing with the fractional clock made now − 300 s too old.
    vi.useFakeTimers({ toFake: ['Date'], now: second * 1000 + 999 });
    try {
      const at = async (offset: number) =>
        (await post(ctx, { IMEI: d.imei }, { timestamp: second + offset })).statusCode;
      expect(await at(-DEVICE_CLOCK_WINDOW_SECONDS)).toBe(200);
      expect(await at(DEVICE_CLOCK_WINDOW_SECONDS)).toBe(200);
      expect(await at(-DEVICE_CLOCK_WINDOW_SECONDS - 1)).toBe(401);
      expect(await at(DEVICE_CLOCK_WINDOW_SECONDS + 1)).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a body changed after signing, or a signature of another timestamp', async () => {
    const d = device(5);
    const before = await footprint(d);
    const credential = ctx.deviceCredentials.get(d.imei) ?? '';
    const signed = JSON.stringify({ IMEI: d.imei, Lat: 13 });
    const tampered = JSON.stringify({ IMEI: d.imei, Lat: 14 });
    const headers = signDeviceMessage(credential, signed);
    const changedBody = await post(ctx, tampered, { credential: null, headers });
    expect(changedBody.json()).toEqual(rejected);

    const now = unixSeconds();
    const otherTime = await post(ctx, signed, {
      credential: null,
      headers: {
        ...signDeviceMessage(credential, signed, now - 1),
        'x-device-timestamp': `${now}`,
      },
    });
    expect(otherTime.json()).toEqual(rejected);
    expect(await footprint(d)).toEqual(before);
  });

  it('stops a credential replaced on another server at once, acknowledgements included', async () => {
    const d = device(2);
    const db = ctx.database.db;
    const old = newDeviceCredential();
    await db
      .update(devices)
      .set({ credential: createSecretBox(TEST_SECRETS_KEY).seal(old) })
      .where(eq(devices.id, d.id));
    // The link now remembers `old` for this device.
    expect((await post(ctx, { IMEI: d.imei }, { credential: old })).statusCode).toBe(200);

    const replacement = newDeviceCredential();
    await db
      .update(devices)
      .set({ credential: createSecretBox(TEST_SECRETS_KEY).seal(replacement) })
      .where(eq(devices.id, d.id));
    const request = await addRequest(db, d.id, '$REQUEST,TD FF');
    const before = await footprint(d);
    const stale = await post(
      ctx,
      { IMEI: d.imei, Lat: 16, Ack: { Requests: [request] } },
      { credential: old },
    );
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual(rejected);
    expect(await footprint(d)).toEqual(before);

    const fresh = await post(ctx, { IMEI: d.imei }, { credential: replacement });
    expect(fresh.json<DeviceLinkReply>().Requests.map((r) => r.Id)).toEqual([request]);
  });

  it('stores a correctly signed message and answers its companions in the batch apart', async () => {
    const [good, bad] = [device(6), device(7)];
    const [a, b] = await Promise.all([
      post(ctx, { IMEI: good.imei, Lat: 15 }),
      post(ctx, { IMEI: bad.imei, Lat: 15 }, { credential: newDeviceCredential() }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 401]);
    expect((await deviceRow(ctx.database.db, good.id)).state.Lat).toBe(15);
    expect((await deviceRow(ctx.database.db, bad.id)).state.Lat).not.toBe(15);
  });
});
