import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceTestSettings, DeviceTypeEntry } from '@shared/devices/device-tests';
import { customerConnections, devices, deviceSettings, users } from '@server/db/schema';
import {
  ADMIN,
  apiCaller,
  customerId,
  deviceRecord,
  RESELLER,
  ROLES,
  USER,
  VIEWER,
} from '@server/test/api';
import { createTestContext, type TestContext } from '@server/test/harness';
import { ONLY_RESELLERS } from '@server/modules/device-assignments/service';
import {
  OLD_CAN_MESSAGE,
  UNKNOWN_PROTOCOL,
} from '@server/modules/device-settings/setting-references';
import { OTHER_DEVICE } from './settings-service';
import { device4G, groupOf, testWriteSnapshot } from '@server/test/device-tests';

let ctx: TestContext;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = apiCaller(ctx);
});
afterAll(() => ctx.close());

/** A protocol code other than the one the device is (going to be) on. */
const otherProtocol = (current: unknown) =>
  current === 'FMSGEN0008' ? 'VOLVFH4001' : 'FMSGEN0008';

describe('GET devices/flags', () => {
  it('lists the device types for every role', async () => {
    for (const email of ROLES) {
      const response = await call(email, 'GET', 'devices/flags');
      expect(response.statusCode).toBe(200);
      expect(response.json<DeviceTypeEntry[]>()).toEqual([
        { Id: 4, Name: 'QAN-ALL 4G' },
        { Id: 2, Name: 'QAN-ALL 2G' },
        { Id: 1, Name: 'QAN-HUB' },
      ]);
    }
  });
});

describe('POST / PUT devicetestsettings', () => {
  it('creates the settings and applies customer, group and protocol to the device', async () => {
    const device = await device4G(ctx, 'Hansen Transport');
    const vega = await customerId(ctx, 'Vega Logistics');
    const group = await groupOf(ctx, 'Vega Logistics standard');
    const protocol = otherProtocol(device.newConfig.ProtocolCode);
    const response = await call(RESELLER, 'POST', 'devicetestsettings/', {
      Imei: device.imei,
      CustomerId: vega,
      ConfigurationGroupId: group.id,
      Protocol: protocol,
      UserId: 999,
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<DeviceTestSettings>();
    const [reseller] = await ctx.database.db.select().from(users).where(eq(users.email, RESELLER));
    expect(saved).toMatchObject({
      Imei: device.imei,
      CustomerId: vega,
      ConfigurationGroupId: group.id,
      Protocol: protocol,
      CanProtocol: protocol,
      UserId: reseller?.id,
      IsActive: false,
    });

    const after = await deviceRecord(ctx, device.id);
    expect(after.customerId).toBe(vega);
    expect(after.configurationGroupId).toBe(group.id);
    expect(after.newConfig.ProtocolCode).toBe(protocol);
    expect(after.inSync).toBe(false);
    const pending = await ctx.database.db
      .select()
      .from(deviceSettings)
      .where(and(eq(deviceSettings.deviceId, device.id), eq(deviceSettings.processed, false)));
    expect(pending.filter((s) => s.settingName === 'ProtocolCode').at(-1)?.value).toBe(protocol);
    const open = await ctx.database.db
      .select()
      .from(customerConnections)
      .where(eq(customerConnections.deviceId, device.id));
    expect(open.filter((c) => c.end === null).map((c) => c.customerId)).toEqual([vega]);

    // POST again: the device's one row is replaced; PUT changes it; an unchanged protocol adds nothing.
    const settingsBefore = pending.length;
    const again = await call(RESELLER, 'POST', 'devicetestsettings/', {
      Imei: device.imei,
      CustomerId: vega,
      ConfigurationGroupId: null,
      CanProtocol: protocol,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<DeviceTestSettings>()).toMatchObject({ Id: saved.Id, Protocol: protocol });
    expect((await deviceRecord(ctx, device.id)).configurationGroupId).toBeNull();
    const put = await call(RESELLER, 'PUT', `devicetestsettings/${saved.Id}`, {
      Imei: device.imei,
      CustomerId: vega,
      ConfigurationGroupId: group.id,
      Protocol: protocol,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<DeviceTestSettings>()).toMatchObject({
      Id: saved.Id,
      ConfigurationGroupId: group.id,
    });
    const pendingAfter = await ctx.database.db
      .select({ n: count() })
      .from(deviceSettings)
      .where(and(eq(deviceSettings.deviceId, device.id), eq(deviceSettings.processed, false)));
    expect(pendingAfter[0]?.n).toBe(settingsBefore);

    const listed = async (email: string) =>
      (await call(email, 'GET', 'devicetestsettings/'))
        .json<DeviceTestSettings[]>()
        .map((s) => s.Id);
    expect(await listed(ADMIN)).toContain(saved.Id);
    expect(await listed(RESELLER)).toContain(saved.Id);
    expect(await listed(USER)).not.toContain(saved.Id);
    expect(await listed(VIEWER)).not.toContain(saved.Id);
  });

  it('lets a user keep their own customer and group, not move the device', async () => {
    const device = await device4G(ctx, 'Atlas Freight');
    const atlas = await customerId(ctx, 'Atlas Freight');
    const group = await groupOf(ctx, 'Atlas Freight standard');
    const ok = await call(USER, 'POST', 'devicetestsettings', {
      Imei: device.imei,
      CustomerId: atlas,
      ConfigurationGroupId: device.configurationGroupId,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const before = await testWriteSnapshot(ctx);
    const moved = await call(USER, 'POST', 'devicetestsettings', {
      Imei: device.imei,
      CustomerId: atlas,
      ConfigurationGroupId: device.configurationGroupId === group.id ? null : group.id,
    });
    expect(moved.statusCode).toBe(403);
    expect(moved.json()).toEqual({ message: ONLY_RESELLERS });
    expect(await testWriteSnapshot(ctx)).toEqual(before);
  });

  it('answers bad input with 400 { errors } and rolls back a half-applied change', async () => {
    const device = await device4G(ctx, 'Hansen Transport', 2);
    const vega = await customerId(ctx, 'Vega Logistics');
    const other = await device4G(ctx, 'Hansen Transport', 3);
    const saved = await call(RESELLER, 'POST', 'devicetestsettings', {
      Imei: other.imei,
      CustomerId: other.customerId,
      ConfigurationGroupId: other.configurationGroupId,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const otherId = saved.json<DeviceTestSettings>().Id;
    const before = await testWriteSnapshot(ctx);
    const cases: [unknown, Record<string, string>][] = [
      [{ CustomerId: vega }, { Imei: 'IMEI is Required' }],
      [{ Imei: 'abc', CustomerId: vega }, { Imei: 'IMEI is Required' }],
      [{ Imei: device.imei, CustomerId: 0 }, { CustomerId: 'Customer is Required' }],
      [{ Imei: device.imei }, { CustomerId: 'Customer is Required' }],
      [
        { Imei: device.imei, CustomerId: vega, ConfigurationGroupId: 'x' },
        { ConfigurationGroupId: 'Must be a configuration group id' },
      ],
      [
        { Imei: device.imei, CustomerId: vega, Protocol: 'X'.repeat(40) },
        { Protocol: 'Protocol must be at most 32 characters' },
      ],
      // The customer change happens first; the unknown protocol must undo it.
      [
        { Imei: device.imei, CustomerId: vega, Protocol: 'NOPE000001' },
        { Protocol: UNKNOWN_PROTOCOL },
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await call(RESELLER, 'POST', 'devicetestsettings', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ errors });
    }
    // PUT of one device's settings naming another device.
    const misfit = await call(RESELLER, 'PUT', `devicetestsettings/${otherId}`, {
      Imei: device.imei,
      CustomerId: vega,
    });
    expect(misfit.statusCode).toBe(400);
    expect(misfit.json()).toEqual({ errors: { Imei: OTHER_DEVICE } });
    expect(await testWriteSnapshot(ctx)).toEqual(before);
    expect((await deviceRecord(ctx, device.id)).customerId).toBe(device.customerId);
  });

  it('refuses a protocol change on an old-CAN type-2 device, as the device page does', async () => {
    const device = await device4G(ctx, 'Hansen Transport', 4);
    await ctx.database.db
      .update(devices)
      .set({
        deviceType: 2,
        can1Version: '2105004',
        currentConfig: { ...device.currentConfig, CAN1Version: '2105004' },
      })
      .where(eq(devices.id, device.id));
    const body = { Imei: device.imei, CustomerId: device.customerId };
    const before = await testWriteSnapshot(ctx);
    const changed = await call(RESELLER, 'POST', 'devicetestsettings', {
      ...body,
      Protocol: otherProtocol(device.newConfig.ProtocolCode),
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toEqual({ errors: { Protocol: OLD_CAN_MESSAGE } });
    expect(await testWriteSnapshot(ctx)).toEqual(before);
    // Its own protocol, which the set-up form offers it, is taken.
    const kept = await call(RESELLER, 'POST', 'devicetestsettings', {
      ...body,
      Protocol: device.newConfig.ProtocolCode,
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });
});
