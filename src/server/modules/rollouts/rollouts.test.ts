import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceLinkReply } from '@shared/devices/device-link';
import type { Rollout, RolloutDevice } from '@shared/libraries/rollout-views';
import * as R from '@shared/libraries/rollouts';
import { deviceSettings } from '@server/db/schema';
import { signDeviceMessage } from '@server/auth/device-signing';
import { ADMIN, apiCaller, RESELLER, VIEWER } from '@server/test/api';
import { deviceRow, post, type FleetDevice } from '@server/test/device-link';
import { createTestContext, type TestContext } from '@server/test/harness';
import { addFirmware, rolloutFleet, rolloutNow, setDevices } from '@server/test/rollouts';

// Issue 13 item 4: a mass update previews, then runs as a canary and the rest, pausing itself.
let ctx: TestContext;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  ctx = await createTestContext({ rollouts: { tickMs: 0, flushMs: 5 } });
  call = apiCaller(ctx);
});
afterAll(() => ctx.close());

const pendingOf = (device: FleetDevice) =>
  ctx.database.db
    .select()
    .from(deviceSettings)
    .where(and(eq(deviceSettings.deviceId, device.id), eq(deviceSettings.processed, false)));

/** Starts a rollout; answers it after the engine's next turn, which releases the canary. */
async function start(body: Record<string, unknown>): Promise<Rollout> {
  const response = await call(ADMIN, 'POST', 'rollouts/', body);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json<Rollout>();
  expect(answer.Stages.every((stage) => stage.Counts.waiting === stage.Devices)).toBe(true);
  await ctx.app.rollouts.settle();
  return rolloutNow(ctx, answer.Id);
}

async function devicesOf(id: number, state?: string): Promise<RolloutDevice[]> {
  const query = state ? `?state=${state}` : '';
  return (await call(ADMIN, 'GET', `rollouts/${String(id)}/devices${query}`)).json();
}

/** The device talks to the link: acknowledges `applied` and `failed`, answers its pending work. */
async function report(device: FleetDevice, ack: { Settings?: number[]; Failed?: object[] } = {}) {
  const reply = await post(ctx, { IMEI: device.imei, Ack: ack });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<DeviceLinkReply>();
}

describe('a rollout', () => {
  it('releases the canary, then the rest once the canary applied, and completes', async () => {
    const { customerId, devices } = await rolloutFleet(ctx, 4);
    const firmware = await addFirmware(ctx, '3.00.01');
    const rollout = await start({
      Target: { Kind: 'firmware', CustomerId: customerId, FirmwareId: firmware.Id },
      CanaryPercent: 25,
    });
    expect(rollout).toMatchObject({ State: 'running', Stage: 0, Target: '3.00.01' });
    expect(rollout.Stages.map((s) => [s.Devices, s.Counts.pending, s.Counts.waiting])).toEqual([
      [1, 1, 0],
      [3, 0, 3],
    ]);
    const [canary] = await devicesOf(rollout.Id, 'pending');
    const device = devices.find((d) => d.id === canary?.DeviceId) as FleetDevice;
    expect((await deviceRow(ctx.database.db, device.id)).inSync).toBe(false);

    // Handed out with its file: sent.
    const reply = await report(device);
    const setting = reply.Settings.find((s) => s.SettingName === 'Firmware');
    expect(setting?.File?.Size).toBe(2048);
    expect((await rolloutNow(ctx, rollout.Id)).Stages[0]?.Counts.sent).toBe(1);

    // Fetching the file: downloading.
    const fileUrl = setting?.File?.Url ?? '';
    const credential = ctx.deviceCredentials.get(device.imei) ?? '';
    const fetched = await ctx.app.inject({
      method: 'GET',
      url: fileUrl,
      headers: {
        'x-imei': device.imei,
        range: 'bytes=0-1023',
        ...signDeviceMessage(credential, fileUrl),
      },
    });
    expect(fetched.statusCode).toBe(206);
    expect((await rolloutNow(ctx, rollout.Id)).Stages[0]?.Counts.downloading).toBe(1);

    // Applied: the rest is released.
    await report(device, { Settings: [setting?.Id ?? 0] });
    const next = await rolloutNow(ctx, rollout.Id);
    expect(next).toMatchObject({ State: 'running', Stage: 1 });
    expect(next.Stages[0]?.Counts.applied).toBe(1);
    expect(next.Stages[1]?.Counts.pending).toBe(3);
    expect(next.Stages[0]?.FinishedAt).not.toBeNull();

    for (const other of devices.filter((d) => d !== device)) {
      const work = await report(other);
      const id = work.Settings.find((s) => s.SettingName === 'Firmware')?.Id ?? 0;
      await report(other, { Settings: [id] });
    }
    const done = await rolloutNow(ctx, rollout.Id);
    expect(done).toMatchObject({ State: 'completed' });
    expect(done.Stages[1]?.Counts.applied).toBe(3);
    for (const d of devices)
      expect(await deviceRow(ctx.database.db, d.id)).toMatchObject({
        firmware: '3.00.01',
        inSync: true,
      });
  });

  it('pauses itself when too much of the canary fails; resuming goes on past those failures', async () => {
    const { customerId, devices } = await rolloutFleet(ctx, 4);
    const firmware = await addFirmware(ctx, '3.00.02');
    const rollout = await start({
      Target: { Kind: 'firmware', CustomerId: customerId, FirmwareId: firmware.Id },
      CanaryPercent: 50,
    });
    const canary = await devicesOf(rollout.Id, 'pending');
    expect(canary).toHaveLength(2);
    const [failing, slow] = canary.map((c) => devices.find((d) => d.id === c.DeviceId)) as [
      FleetDevice,
      FleetDevice,
    ];
    const id = (await report(failing)).Settings[0]?.Id ?? 0;
    await report(failing, { Failed: [{ Id: id, Reason: 'checksum mismatch' }] });
    const paused = await rolloutNow(ctx, rollout.Id);
    expect(paused.State).toBe('paused');
    expect(paused.PauseReason).toBe('1 of 2 devices of the canary failed (more than 20%)');
    expect((await devicesOf(rollout.Id, 'failed'))[0]?.Reason).toBe('checksum mismatch');
    // The device not yet handed its setting got it taken back.
    expect(await pendingOf(slow)).toHaveLength(0);
    expect((await deviceRow(ctx.database.db, slow.id)).inSync).toBe(true);

    const resumed = await call(ADMIN, 'POST', `rollouts/${String(rollout.Id)}/resume`);
    expect(resumed.json<Rollout>()).toMatchObject({ State: 'running', PauseReason: null });
    const again = (await report(slow)).Settings[0]?.Id ?? 0;
    await report(slow, { Settings: [again] });
    const rest = await rolloutNow(ctx, rollout.Id);
    expect(rest).toMatchObject({ State: 'running', Stage: 1 });
    expect(rest.Stages[1]?.Counts.pending).toBe(2);
  });

  it('pauses itself when a stage takes too long', async () => {
    const { customerId } = await rolloutFleet(ctx, 2);
    const firmware = await addFirmware(ctx, '3.00.03');
    const rollout = await start({
      Target: { Kind: 'firmware', CustomerId: customerId, FirmwareId: firmware.Id },
      StageTimeoutMinutes: 1,
    });
    await ctx.app.rollouts.runPass();
    expect((await rolloutNow(ctx, rollout.Id)).State).toBe('running');
    await ctx.database.db.execute(
      `update rollouts set stage_started_at = now() - interval '61 seconds' where id = ${String(rollout.Id)}` as never,
    );
    await ctx.app.rollouts.runPass();
    const paused = await rolloutNow(ctx, rollout.Id);
    expect(paused).toMatchObject({
      State: 'paused',
      PauseReason: 'The canary did not finish within 1 minute',
    });
  });

  it('cancels: nothing more is handed out, and devices are back in sync', async () => {
    const { customerId, devices } = await rolloutFleet(ctx, 3);
    const firmware = await addFirmware(ctx, '3.00.04');
    const rollout = await start({
      Target: { Kind: 'firmware', CustomerId: customerId, FirmwareId: firmware.Id },
    });
    // Another start finds every device busy.
    const twice = await call(ADMIN, 'POST', 'rollouts/', {
      Target: { Kind: 'firmware', CustomerId: customerId, FirmwareId: firmware.Id },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ errors: object }>().errors).toEqual({ Target: 'No device would change' });

    const cancelled = await call(ADMIN, 'POST', `rollouts/${String(rollout.Id)}/cancel`);
    expect(cancelled.json<Rollout>()).toMatchObject({ State: 'cancelled' });
    expect((await devicesOf(rollout.Id, 'cancelled')).length).toBe(3);
    for (const d of devices) {
      expect(await pendingOf(d)).toHaveLength(0);
      expect((await deviceRow(ctx.database.db, d.id)).inSync).toBe(true);
    }
    const late = await call(ADMIN, 'POST', `rollouts/${String(rollout.Id)}/resume`);
    expect(late.statusCode).toBe(400);
  });

  it('marks a device cancelled when its setting is removed on the device page', async () => {
    const { customerId, devices } = await rolloutFleet(ctx, 1);
    const firmware = await addFirmware(ctx, '3.00.05');
    const rollout = await start({
      Target: { Kind: 'firmware', CustomerId: customerId, FirmwareId: firmware.Id },
    });
    const [device] = devices as [FleetDevice];
    const imei = device.imei;
    expect((await call(ADMIN, 'DELETE', `devices/settings/all/${imei}`)).statusCode).toBe(200);
    await ctx.app.rollouts.runPass({ reconcile: true });
    const after = await rolloutNow(ctx, rollout.Id);
    expect(after.State).toBe('completed');
    expect((await devicesOf(rollout.Id))[0]).toMatchObject({
      State: 'cancelled',
      Reason: 'Its setting was removed on the device page',
    });
  });
});

describe("the spec's mass-update calls", () => {
  it('start rollouts with the defaults and answer as the spec says', async () => {
    const { customerId, devices } = await rolloutFleet(ctx, 3);
    const firmware = await addFirmware(ctx, '4.00.01');
    const path = `AddonBoardFW/MassFirmwareUpdate/${String(customerId)}/${String(firmware.Id)}`;
    const answer = (await call(ADMIN, 'POST', path)).json<{ Message: string; RolloutId: number }>();
    expect(answer.Message).toBe(R.firmwareMassUpdated('firmware', 3, '4.00.01'));
    const rollout = await rolloutNow(ctx, answer.RolloutId);
    expect(rollout).toMatchObject({ CanaryPercent: 10, FailureThresholdPercent: 20 });
    expect(rollout.Stages[0]?.Devices).toBe(1);
    const again = (await call(ADMIN, 'POST', path)).json<{ Message: string; RolloutId: null }>();
    expect(again).toEqual({
      Message: R.firmwareMassUpdated('firmware', 0, '4.00.01'),
      RolloutId: null,
    });

    await setDevices(ctx, devices, `protocol_code = 'OLDPR077'`);
    await ctx.database.db.execute(
      `insert into can_configs (protocol, version, brand, name, active, device_type)
       values ('NEWPR077', '1', 'Test', 'Type four', true, 4)`,
    );
    // Another setting than the running firmware rollout's: no conflict.
    const qtl = await call(ADMIN, 'POST', 'canconfig/massUpdate/OLDPR077/NEWPR077');
    expect(qtl.json()).toBe(3);
    expect((await call(ADMIN, 'POST', 'canconfig/massUpdate/OLDPR077/NEWPR077')).json()).toBe(0);

    const placeholder = await call(ADMIN, 'POST', 'AddonBoardFW/MassBooterUpdate/0/0');
    expect(placeholder.statusCode).toBe(400);
    expect(placeholder.json<{ errors: object }>().errors).toEqual({
      customer: R.CUSTOMER_REQUIRED,
      firmware: R.FIRMWARE_REQUIRED,
    });
  });

  it('are for admins only', async () => {
    for (const email of [RESELLER, VIEWER]) {
      expect((await call(email, 'GET', 'rollouts/')).statusCode).toBe(403);
      expect((await call(email, 'POST', 'canconfig/massUpdate/AAAAAA/BBBBBB')).statusCode).toBe(
        403,
      );
    }
  });
});
