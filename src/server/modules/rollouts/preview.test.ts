import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as R from '@shared/libraries/rollouts';
import { deviceSettings } from '@server/db/schema';
import { ADMIN, apiCaller } from '@server/test/api';
import type { FleetDevice } from '@server/test/device-link';
import { createTestContext, type TestContext } from '@server/test/harness';
import { addFirmware, rolloutFleet, setDevices } from '@server/test/rollouts';

// Issue 13 item 4: a mass update's preview sorts the devices in scope and changes nothing.
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

describe('the preview', () => {
  it('sorts the devices in scope and changes nothing', async () => {
    const { customerId, devices } = await rolloutFleet(ctx, 7);
    const firmware = await addFirmware(ctx, '2.00.01');
    const [d0, , , d3, d4, d5, d6] = devices as [FleetDevice, ...FleetDevice[]];
    await setDevices(
      ctx,
      [d3 as FleetDevice],
      `firmware = '2.00.01', current_config = current_config || '{"Firmware":"2.00.01"}',
        config_overlay = config_overlay - 'Firmware'`,
    );
    await setDevices(ctx, [d4 as FleetDevice], 'device_type = 1');
    await setDevices(ctx, [d5 as FleetDevice], `last_msg = now() - interval '25 hours'`);
    await setDevices(ctx, [d6 as FleetDevice], 'last_msg = null');
    const target = { Kind: 'firmware', CustomerId: customerId, FirmwareId: firmware.Id };
    const response = await call(ADMIN, 'POST', 'rollouts/preview', target);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<R.RolloutPreview>();
    expect(preview.Counts).toEqual({
      change: 3,
      offline: 2,
      onTarget: 1,
      incompatible: 1,
      oldCan: 0,
      busy: 0,
    });
    expect(preview.Devices.change.map((d) => d.Imei)).toContain(d0.imei);
    expect(preview.Devices.change[0]).toMatchObject({ Current: '1.00.00' });
    expect(preview.Target).toBe('2.00.01');
    expect((await pendingOf(d0)).length).toBe(0);
  });

  it('finds old CAN versions and devices whose type has no entry of the new protocol code', async () => {
    const { devices } = await rolloutFleet(ctx, 3);
    const [a, b, c] = devices as [FleetDevice, FleetDevice, FleetDevice];
    await setDevices(ctx, [a, b], `device_type = 2, protocol_code = 'OLDPR009'`);
    await setDevices(ctx, [b], `can1_version = '2206999'`);
    await setDevices(ctx, [c], `protocol_code = 'OLDPR009'`);
    await ctx.database.db.execute(
      `insert into can_configs (protocol, version, brand, name, active, device_type)
       values ('NEWPR009', '1', 'Test', 'Type two only', true, 2)`,
    );
    const preview = (
      await call(ADMIN, 'POST', 'rollouts/preview', {
        Kind: 'qtl',
        From: 'OLDPR009',
        To: 'NEWPR009',
      })
    ).json<R.RolloutPreview>();
    expect(preview.Counts).toMatchObject({ change: 1, oldCan: 1, incompatible: 1 });
    expect(preview.Devices.oldCan[0]?.Imei).toBe(b.imei);
  });

  it('refuses unknown or unsuitable targets on their field', async () => {
    const booter = await addFirmware(ctx, '0.9.0001', { flag: 1 });
    const cases: [object, string, string][] = [
      [{ Kind: 'qtl', From: 'AAAAAA', To: 'AAAAAA' }, 'To', R.SAME_PROTOCOL],
      [
        { Kind: 'qtl', From: 'AAAAAA', To: 'NOSUCH01' },
        'To',
        'No active QTLibrary has this protocol code',
      ],
      [{ Kind: 'qtl', From: '', To: 'NOSUCH01' }, 'From', R.FROM_PROTOCOL_REQUIRED],
      [
        { Kind: 'firmware', CustomerId: 0, FirmwareId: booter.Id },
        'CustomerId',
        R.CUSTOMER_REQUIRED,
      ],
      [
        { Kind: 'firmware', CustomerId: 1, FirmwareId: booter.Id },
        'FirmwareId',
        'Choose an application firmware (Firmware Type Application)',
      ],
    ];
    for (const [target, field, message] of cases) {
      const response = await call(ADMIN, 'POST', 'rollouts/preview', target);
      expect(response.statusCode, JSON.stringify(target)).toBe(400);
      expect(response.json<{ errors: Record<string, string> }>().errors[field]).toBe(message);
    }
  });
});
