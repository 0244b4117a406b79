import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_LINK_PATH } from '@shared/devices/device-link';
import { FIRMWARE_FILE } from '@shared/libraries/library-files';
import { deviceSettings, devices } from '@server/db/schema';
import { buildDeviceLinkApp } from '@server/devices-link/device-app';
import type { App } from '@server/http/types';
import { ADMIN } from '@server/test/api';
import { addSetting, deviceRow, someDevices, type FleetDevice } from '@server/test/device-link';
import { createTestContext, type TestContext } from '@server/test/harness';
import { fileBytes, libraryForm } from '@server/test/library-forms';
import { createSimulator } from './simulator';

// Issue 13 item 3, the round trip: a firmware in the library, a device told to load it, the
// simulator fetching it in ranges, checking it and reporting it applied (or refused).
let ctx: TestContext;
let devicePort: App;
let url: string;
let fleet: FleetDevice[];
beforeAll(async () => {
  ctx = await createTestContext();
  devicePort = await buildDeviceLinkApp({ link: ctx.app.deviceLink });
  url = `${await devicePort.listen({ port: 0, host: '127.0.0.1' })}${DEVICE_LINK_PATH}`;
  fleet = await someDevices(ctx.database.db, 2, 60);
  const types = new Set<number>();
  for (const device of fleet) types.add((await deviceRow(ctx.database.db, device.id)).deviceType);
  // The same image for each type the devices have.
  for (const deviceType of types) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/AddonBoardFW/',
      headers: await ctx.authHeader(ADMIN),
      payload: libraryForm(
        {
          Version: '9.01.00',
          Release: true,
          FirmwareFlag: 2,
          DeviceType: deviceType,
          Active: true,
        },
        {
          part: FIRMWARE_FILE.part,
          name: 'qan_9.01.00.fota',
          bytes: fileBytes(100_000, deviceType),
        },
      ),
    });
    expect(response.statusCode, response.body).toBe(200);
  }
});
afterAll(async () => {
  await devicePort.close();
  await ctx.close();
});

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const run = (device: FleetDevice, refuseRate: number) =>
  createSimulator({
    url,
    devices: [{ imei: device.imei, credential: ctx.deviceCredentials.get(device.imei) ?? '' }],
    intervalMs: 150,
    applyDelayMs: [20, 50],
    refuseRate,
    // Seven range requests for the 100 kB image.
    libraryChunkBytes: 16 * 1024,
    seed: 3,
  });

const setting = async (id: number) =>
  (await ctx.database.db.select().from(deviceSettings).where(eq(deviceSettings.id, id)))[0];

describe('firmware through the simulator', () => {
  it('is fetched in ranges, checked, applied and reported: the device is in sync on it', async () => {
    const [device] = fleet as [FleetDevice];
    const id = await addSetting(ctx.database.db, device.id, 'Firmware', '9.01.00');
    const simulator = run(device, 0);
    simulator.start();
    try {
      await waitFor(async () => (await setting(id))?.processed === true, 15_000);
    } finally {
      await simulator.stop();
    }
    expect((await setting(id))?.failure).toBeNull();
    const [row] = await ctx.database.db
      .select({ firmware: devices.firmware, inSync: devices.inSync })
      .from(devices)
      .where(eq(devices.id, device.id));
    expect(row).toEqual({ firmware: '9.01.00', inSync: true });
    expect(simulator.counters().libraryFilesFetched).toBe(1);
    expect(simulator.configOf(device.imei)?.get('Firmware')).toBe('9.01.00');
  });

  it('reports a refused image as failed, with the reason; the device stays out of sync', async () => {
    const [, device] = fleet as [FleetDevice, FleetDevice];
    const id = await addSetting(ctx.database.db, device.id, 'Firmware', '9.01.00');
    const simulator = run(device, 1);
    simulator.start();
    try {
      await waitFor(async () => (await setting(id))?.processed === true, 15_000);
    } finally {
      await simulator.stop();
    }
    expect((await setting(id))?.failure).toBe('image refused by the device');
    expect((await deviceRow(ctx.database.db, device.id)).inSync).toBe(false);
    expect(simulator.counters().settingsFailed).toBe(1);
  });
});
