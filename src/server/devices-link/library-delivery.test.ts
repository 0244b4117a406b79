import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CanConfig } from '@shared/libraries/can-library';
import type { DeviceLinkReply } from '@shared/devices/device-link';
import { CAN_CONFIG_FILE } from '@shared/libraries/library-files';
import { deviceSettings, devices } from '@server/db/schema';
import { ADMIN } from '@server/test/api';
import {
  addSetting,
  deviceRow,
  post,
  someDevices,
  type FleetDevice,
} from '@server/test/device-link';
import { createTestContext, type TestContext } from '@server/test/harness';
import { fileBytes, libraryForm, sha256 } from '@server/test/library-forms';
import { signDeviceMessage } from '@server/auth/device-signing';

// Issue 13 item 3: a pending library setting names its file; the device fetches it (ranges),
// checks it, and reports it applied or failed.
let ctx: TestContext;
let mine: FleetDevice;
let other: FleetDevice;
const bytes = fileBytes(20_000, 42);
let entry: CanConfig;
beforeAll(async () => {
  ctx = await createTestContext();
  [mine, other] = (await someDevices(ctx.database.db, 2, 40)) as [FleetDevice, FleetDevice];
  const [row] = await ctx.database.db
    .select({ deviceType: devices.deviceType })
    .from(devices)
    .where(eq(devices.id, mine.id));
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/canconfig/',
    headers: await ctx.authHeader(ADMIN),
    payload: libraryForm(
      {
        Protocol: 'TESTPR01',
        Version: '1.0',
        Brand: 'Test',
        Name: 'Delivery test',
        Active: true,
        DeviceType: row?.deviceType ?? 4,
      },
      { part: CAN_CONFIG_FILE.part, name: 'TESTPR01.tlqs', bytes },
    ),
  });
  entry = response.json<CanConfig>();
});
afterAll(() => ctx.close());

/** GET of a library file, signed by `device` over the path (or unsigned). */
function fetchFile(device: FleetDevice, url: string, headers: Record<string, string> = {}) {
  const credential = ctx.deviceCredentials.get(device.imei) ?? '';
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: { 'x-imei': device.imei, ...signDeviceMessage(credential, url), ...headers },
  });
}

const settingRow = async (id: number) =>
  (await ctx.database.db.select().from(deviceSettings).where(eq(deviceSettings.id, id)))[0];

describe('library files for devices', () => {
  it('names the file in the answer; the device fetches it whole or by range', async () => {
    const id = await addSetting(ctx.database.db, mine.id, 'ProtocolCode', 'TESTPR01');
    const reply = (await post(ctx, { IMEI: mine.imei })).json<DeviceLinkReply>();
    const setting = reply.Settings.find((s) => s.Id === id);
    expect(setting?.File?.Url).toMatch(/^\/api\/v1\/devices\/library\/\d+$/);
    expect(setting?.File).toMatchObject({ Size: bytes.length, Sha256: sha256(bytes) });
    expect(entry.Sha256).toBe(sha256(bytes));
    const url = setting?.File?.Url ?? '';

    const whole = await fetchFile(mine, url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(sha256(whole.rawPayload)).toBe(sha256(bytes));

    // Resumed after 12,000 bytes, as a modem that lost its connection would.
    const rest = await fetchFile(mine, url, { range: 'bytes=12000-' });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 12000-19999/${String(bytes.length)}`);
    expect(Buffer.from(rest.rawPayload).equals(Buffer.from(bytes.subarray(12000)))).toBe(true);
    const middle = await fetchFile(mine, url, { range: 'bytes=10-19' });
    expect([...middle.rawPayload]).toEqual([...bytes.subarray(10, 20)]);
    const past = await fetchFile(mine, url, { range: 'bytes=20000-' });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */20000');

    // Only the device it is pending for, and only signed.
    expect((await fetchFile(other, url)).statusCode).toBe(404);
    const unsigned = await ctx.app.inject({ method: 'GET', url, headers: { 'x-imei': mine.imei } });
    expect(unsigned.statusCode).toBe(401);
    const forged = await fetchFile(mine, url, {
      ...signDeviceMessage(ctx.deviceCredentials.get(mine.imei) ?? '', `${url}0`),
    });
    expect(forged.statusCode).toBe(401);

    // Applied: the setting closes, the version is the device's, and the file is no longer its.
    await post(ctx, { IMEI: mine.imei, Ack: { Settings: [id] } });
    expect((await settingRow(id))?.processed).toBe(true);
    const device = await deviceRow(ctx.database.db, mine.id);
    expect(device.protocolCode).toBe('TESTPR01');
    expect(device.inSync).toBe(true);
    expect((await fetchFile(mine, url)).statusCode).toBe(404);
  });

  it('closes a setting the device failed, with its reason, and keeps the device out of sync', async () => {
    const id = await addSetting(ctx.database.db, other.id, 'ProtocolCode', 'TESTPR01');
    const reply = await post(ctx, {
      IMEI: other.imei,
      Ack: { Failed: [{ Id: id, Reason: 'checksum mismatch\u0000' }, { Id: 'x' }] },
    });
    expect(reply.json<DeviceLinkReply>().Settings.some((s) => s.Id === id)).toBe(false);
    const row = await settingRow(id);
    expect(row).toMatchObject({ processed: true, failure: 'checksum mismatch' });
    const device = await deviceRow(ctx.database.db, other.id);
    expect(device.inSync).toBe(false);
    expect(device.protocolCode).not.toBe('TESTPR01');
    // A newer setting of that name that applies brings it back in sync.
    const retry = await addSetting(ctx.database.db, other.id, 'ProtocolCode', 'TESTPR01');
    await post(ctx, { IMEI: other.imei, Ack: { Settings: [retry] } });
    expect((await deviceRow(ctx.database.db, other.id)).inSync).toBe(true);
  });
});
