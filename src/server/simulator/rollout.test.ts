import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_LINK_PATH } from '@shared/devices/device-link';
import type { Rollout } from '@shared/libraries/rollout-views';
import { buildDeviceLinkApp } from '@server/devices-link/device-app';
import type { App } from '@server/http/types';
import { ADMIN, apiCaller } from '@server/test/api';
import { deviceRow, type FleetDevice } from '@server/test/device-link';
import { createTestContext, type TestContext } from '@server/test/harness';
import { addFirmware, rolloutFleet, rolloutNow } from '@server/test/rollouts';
import { createSimulator } from './simulator';

// Issue 13 items 4 and 5: rollouts driven by simulated devices over HTTP — one whose canary the
// devices refuse pauses itself; one they accept runs to the end.
let ctx: TestContext;
let devicePort: App;
let url: string;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  ctx = await createTestContext({ rollouts: { tickMs: 0, flushMs: 20 } });
  call = apiCaller(ctx);
  devicePort = await buildDeviceLinkApp({ link: ctx.app.deviceLink });
  url = `${await devicePort.listen({ port: 0, host: '127.0.0.1' })}${DEVICE_LINK_PATH}`;
});
afterAll(async () => {
  await devicePort.close();
  await ctx.close();
});

const simulate = (devices: readonly FleetDevice[], refuseRate: number) =>
  createSimulator({
    url,
    devices: devices.map((d) => ({
      imei: d.imei,
      credential: ctx.deviceCredentials.get(d.imei) ?? '',
    })),
    intervalMs: 100,
    applyDelayMs: [10, 30],
    refuseRate,
    libraryChunkBytes: 512,
    seed: 5,
  });

async function until(id: number, done: (rollout: Rollout) => boolean): Promise<Rollout> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const rollout = await rolloutNow(ctx, id);
    if (done(rollout)) return rollout;
    if (Date.now() > deadline) throw new Error(`rollout still ${JSON.stringify(rollout)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function startFor(customerId: number, firmwareId: number, canary: number) {
  const response = await call(ADMIN, 'POST', 'rollouts/', {
    Target: { Kind: 'firmware', CustomerId: customerId, FirmwareId: firmwareId },
    CanaryPercent: canary,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Rollout>();
}

describe('rollouts with simulated devices', () => {
  it('pause themselves when the devices refuse the canary', async () => {
    const { customerId, devices } = await rolloutFleet(ctx, 4);
    const firmware = await addFirmware(ctx, '7.00.01');
    const simulator = simulate(devices, 1);
    simulator.start();
    try {
      const rollout = await startFor(customerId, firmware.Id, 50);
      const paused = await until(rollout.Id, (r) => r.State !== 'running');
      expect(paused).toMatchObject({ State: 'paused', Stage: 0 });
      expect(paused.PauseReason).toMatch(
        /^[12] of 2 devices of the canary failed \(more than 20%\)$/,
      );
      // The rest never got the update.
      expect(paused.Stages[1]?.Counts.waiting).toBe(2);
      const failed = (
        await call(ADMIN, 'GET', `rollouts/${String(rollout.Id)}/devices?state=failed`)
      ).json<{ Reason: string }[]>();
      expect(failed[0]?.Reason).toBe('image refused by the device');
    } finally {
      await simulator.stop();
    }
    expect(simulator.counters().libraryFilesFetched).toBeGreaterThan(0);
  });

  it('run to the end when the devices take the update: fetched, checked, applied, in sync', async () => {
    const { customerId, devices } = await rolloutFleet(ctx, 4);
    const firmware = await addFirmware(ctx, '7.00.02');
    const simulator = simulate(devices, 0);
    simulator.start();
    try {
      const rollout = await startFor(customerId, firmware.Id, 25);
      const done = await until(rollout.Id, (r) => r.State === 'completed');
      expect(done.Stages.map((s) => s.Counts.applied)).toEqual([1, 3]);
    } finally {
      await simulator.stop();
    }
    expect(simulator.counters().libraryFilesFetched).toBe(4);
    for (const device of devices)
      expect(await deviceRow(ctx.database.db, device.id)).toMatchObject({
        firmware: '7.00.02',
        inSync: true,
      });
  });
});
