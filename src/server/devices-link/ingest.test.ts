import { and, desc, eq, like, max, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_REJECTED_MESSAGE, type DeviceLinkReply } from '@shared/devices/device-link';
import { logs, messageCountsDaily, rawMessages } from '@server/db/schema';
import { createTestContext, type TestContext } from '@server/test/harness';
import type { DeviceMessageEvent } from '@server/events/device-events';
import { signDeviceMessage } from '@server/auth/device-signing';
import { deviceRow, post, rawOf, someDevices, type FleetDevice } from '@server/test/device-link';

let ctx: TestContext;
let fleet: FleetDevice[];
beforeAll(async () => {
  ctx = await createTestContext();
  fleet = await someDevices(ctx.database.db, 8);
});
afterAll(() => ctx.close());

const device = (i: number): FleetDevice => {
  const d = fleet[i];
  if (!d) throw new Error(`no test device ${i}`);
  return d;
};

async function lastRaw(deviceId: number) {
  const rows = await rawOf(ctx.database.db, deviceId);
  return rows.at(-1);
}

async function dashboardMessages(): Promise<number> {
  const response = await ctx.app.inject({
    url: '/api/home/dashboard',
    headers: await ctx.authHeader('admin@demo.test'),
  });
  return response.json<{ rawMessages: number }>().rawMessages;
}

describe('POST /api/v1/devices', () => {
  it('stores the body exactly as received and answers the pending work', async () => {
    const d = device(0);
    const body = `{ "IMEI": "${d.imei}",\n  "Timestamp": "2026-11-22T08:00:00Z", "Lat": 52.1, "Note": "café ✓" }  `;
    const response = await post(ctx, body, { headers: { 'content-type': 'text/plain' } });
    expect(response.statusCode).toBe(200);
    expect(response.json<DeviceLinkReply>()).toEqual({ Settings: [], Requests: [] });
    const row = await lastRaw(d.id);
    expect(row?.message).toBe(body);
    expect(row?.validJson).toBe(true);
    expect(row?.imei).toBe(d.imei);
  });

  it('stores invalid JSON too, identified by the X-IMEI header or ?imei=', async () => {
    const d = device(1);
    const broken = `{"IMEI":"${d.imei}","Lat":52.`;
    const byHeader = await post(ctx, broken, { headers: { 'x-imei': d.imei } });
    expect(byHeader.statusCode).toBe(200);
    expect(await lastRaw(d.id)).toMatchObject({ message: broken, validJson: false });

    const byQuery = await post(ctx, 'garbage', { query: `imei=${d.imei}` });
    expect(byQuery.statusCode).toBe(200);
    expect(await lastRaw(d.id)).toMatchObject({ message: 'garbage', validJson: false });
  });

  it('answers 400 and stores nothing when no IMEI can be found', async () => {
    const before = await ctx.database.db.select({ id: max(rawMessages.id) }).from(rawMessages);
    for (const body of ['{"Lat":1', '{"Lat":1}', '']) {
      const response = await post(ctx, body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/IMEI/);
    }
    const after = await ctx.database.db.select({ id: max(rawMessages.id) }).from(rawMessages);
    expect(after).toEqual(before);
  });

  it('refuses bodies that cannot be stored exactly (not UTF-8, NUL)', async () => {
    const d = device(1);
    const bytes = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]);
    const notUtf8 = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/devices',
      headers: {
        'x-imei': d.imei,
        'content-type': 'application/octet-stream',
        ...signDeviceMessage(ctx.deviceCredentials.get(d.imei) ?? '', bytes),
      },
      payload: bytes,
    });
    expect(notUtf8.statusCode).toBe(400);
    const nul = await post(ctx, `{"IMEI":"${d.imei}","x":"a\u0000b"}`);
    expect(nul.statusCode).toBe(400);
  });

  it('merges telemetry into the state and moves last_msg', async () => {
    const d = device(2);
    const before = await deviceRow(ctx.database.db, d.id);
    const response = await post(ctx, {
      IMEI: d.imei,
      Timestamp: '2026-11-22T08:01:00Z',
      Ignition: true,
      Lat: 52.5,
      Lon: 'east',
      VIN: 'YV2RT40A8KB123456',
      Ibutton: '01A2B3C4D5E6F700',
      IO1: 1,
      Speed: 63,
      Firmware: 'x',
      Ack: { Settings: [], Requests: [] },
    });
    expect(response.statusCode).toBe(200);
    const after = await deviceRow(ctx.database.db, d.id);
    expect(after.state).toMatchObject({
      ...before.state,
      Timestamp: '2026-11-22T08:01:00Z',
      Ignition: 1,
      Lat: 52.5,
      VIN: 'YV2RT40A8KB123456',
      Ibutton: '01A2B3C4D5E6F700',
      IO1: 1,
      Speed: 63,
    });
    // A value that fails its check keeps the old one; the envelope and unknown fields are not
    // telemetry (the raw message keeps them).
    expect(after.state.Lon).toBe(before.state.Lon);
    expect(after.state).not.toHaveProperty('Firmware');
    expect(after.state).not.toHaveProperty('Ack');
    expect(after.state).not.toHaveProperty('IMEI');
    expect(after.lastMsg?.getTime()).toBeGreaterThan(before.lastMsg?.getTime() ?? 0);
    expect(Date.now() - (after.lastMsg?.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('counts every stored message on the dashboard, invalid ones as invalid', async () => {
    const d = device(3);
    const today = new Date().toISOString().slice(0, 10);
    const counter = () =>
      ctx.database.db
        .select({ total: sum(messageCountsDaily.total), invalid: sum(messageCountsDaily.invalid) })
        .from(messageCountsDaily)
        .where(
          and(
            eq(messageCountsDaily.customerId, d.customerId ?? 0),
            eq(messageCountsDaily.day, today),
          ),
        );
    const [before] = await counter();
    const shownBefore = await dashboardMessages();
    await post(ctx, { IMEI: d.imei, Lat: 50 });
    await post(ctx, '{"IMEI', { headers: { 'x-imei': d.imei } });
    const [after] = await counter();
    expect(Number(after?.total) - Number(before?.total ?? 0)).toBe(2);
    expect(Number(after?.invalid) - Number(before?.invalid ?? 0)).toBe(1);
    expect(await dashboardMessages()).toBe(shownBefore + 2);
  });

  it('answers 401 to an unknown IMEI and logs a warning naming it', async () => {
    const response = await post(ctx, { IMEI: '000000000000017', Lat: 1 });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toBe(DEVICE_REJECTED_MESSAGE);
    const rows = await ctx.database.db
      .select()
      .from(logs)
      .where(like(logs.message, '%000000000000017%'))
      .orderBy(desc(logs.id));
    expect(rows[0]).toMatchObject({ level: 'Warning', customerId: null });
    const stored = await ctx.database.db
      .select()
      .from(rawMessages)
      .where(eq(rawMessages.imei, '000000000000017'));
    expect(stored).toHaveLength(0);
  });

  it('emits a message event after commit with the stored row id', async () => {
    const d = device(4);
    const seen: DeviceMessageEvent[] = [];
    const off = ctx.app.deviceLink.events.on('message', (event) => seen.push(event));
    const body = JSON.stringify({ IMEI: d.imei, IO1: 0 });
    await post(ctx, body);
    const row = await lastRaw(d.id);
    off();
    await post(ctx, body);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      deviceId: d.id,
      imei: d.imei,
      rawMessageId: row?.id,
      at: row?.timeStampServer,
      body,
      validJson: true,
      data: { IMEI: d.imei, IO1: 0 },
    });
  });

  it('is public and outside /api paths of the portal: no token needed', async () => {
    const response = await post(ctx, { IMEI: device(5).imei }, { url: '/api/v1/devices/' });
    expect(response.statusCode).toBe(200);
  });
});
