import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceSetting } from '@shared/devices/devices';
import { deviceSettings } from '@server/db/schema';
import { ADMIN, apiCaller, deviceRecord, syncedDeviceOf, USER } from '@server/test/api';
import { createTestContext, type TestContext } from '@server/test/harness';
import { applyAcknowledgedSettings, mergeCurrentConfig } from './apply';

let ctx: TestContext;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = apiCaller(ctx);
});
afterAll(() => ctx.close());

const row = (id: number) => deviceRecord(ctx, id);
const syncedAtlasDevice = (n: number) => syncedDeviceOf(ctx, 'Atlas Freight', n);
const settingsOf = async (imei: string) =>
  (await call(USER, 'GET', `devices/settings/${imei}`)).json<DeviceSetting[]>();

describe('applyAcknowledgedSettings (for the device link)', () => {
  it('marks settings processed, merges them into the applied config and the search columns', async () => {
    const device = await syncedAtlasDevice(9);
    const before = await row(device.id);
    const firmware = before.firmware === '4.03.02' ? '4.03.00' : '4.03.02';
    await call(ADMIN, 'POST', `devices/settings/${device.imei}`, {
      SettingsList: [
        { SettingName: 'Firmware', Value: firmware },
        { SettingName: 'ProtocolCode', Value: 'FMSGEN0008' },
        { SettingName: 'iButton', Value: '1' },
      ],
    });
    const pending = await ctx.database.db
      .select()
      .from(deviceSettings)
      .where(eq(deviceSettings.deviceId, device.id));
    const [firmwareSetting, protocolSetting, iButton] = pending.sort((a, b) => a.id - b.id);
    const applied = await ctx.database.db.transaction((tx) =>
      applyAcknowledgedSettings(tx, device.id, [
        firmwareSetting?.id ?? 0,
        protocolSetting?.id ?? 0,
        999999,
      ]),
    );
    expect(applied).toBe(2);
    let after = await row(device.id);
    expect(after).toMatchObject({ firmware, protocolCode: 'FMSGEN0008', inSync: false });
    expect(after.currentConfig).toMatchObject({ Firmware: firmware, ProtocolCode: 'FMSGEN0008' });
    expect((await settingsOf(device.imei)).map((s) => s.Processed)).toEqual([false, true, true]);

    // Acknowledging again, or another device's ids, changes nothing.
    expect(
      await ctx.database.db.transaction((tx) =>
        applyAcknowledgedSettings(tx, device.id, [firmwareSetting?.id ?? 0]),
      ),
    ).toBe(0);
    await ctx.database.db.transaction((tx) =>
      applyAcknowledgedSettings(tx, device.id, [iButton?.id ?? 0]),
    );
    after = await row(device.id);
    expect(after.inSync).toBe(true);
    expect(after.newConfig).toEqual(after.currentConfig);
    expect(after.currentConfig.iButton).toBe('1');
  });

  it('mergeCurrentConfig takes a reported configuration and keeps pending settings on top', async () => {
    const device = await syncedAtlasDevice(10);
    await call(USER, 'POST', `devices/settings/${device.imei}`, {
      SettingsList: [{ SettingName: 'PTOEnabled', Value: '1' }],
    });
    await ctx.database.db.transaction((tx) =>
      mergeCurrentConfig(tx, device.id, { Firmware: '4.02.01', PTOEnabled: '0', APN: 'new.apn' }),
    );
    const after = await row(device.id);
    expect(after.firmware).toBe('4.02.01');
    expect(after.currentConfig).toMatchObject({ PTOEnabled: '0', APN: 'new.apn' });
    expect(after.newConfig).toMatchObject({ PTOEnabled: '1', APN: 'new.apn' });
    expect(after.inSync).toBe(false);
  });
});
