import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceTestSettings } from '@shared/devices/device-tests';
import { deviceTestSettings, users } from '@server/db/schema';
import { ADMIN, apiCaller, customerId, RESELLER, USER, VIEWER } from '@server/test/api';
import { createTestContext, type TestContext } from '@server/test/harness';
import { device4G, testWriteSnapshot } from '@server/test/device-tests';

let ctx: TestContext;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = apiCaller(ctx);
});
afterAll(() => ctx.close());

describe('devicetestsettings: tenancy and roles', () => {
  it("answers another tenant's device, customer or settings with 404 and writes nothing", async () => {
    const hansen = await device4G(ctx, 'Hansen Transport', 1);
    const atlasDevice = await device4G(ctx, 'Atlas Freight', 1);
    const atlas = await customerId(ctx, 'Atlas Freight');
    const hansenId = await customerId(ctx, 'Hansen Transport');
    const created = await call(RESELLER, 'POST', 'devicetestsettings', {
      Imei: hansen.imei,
      CustomerId: hansenId,
    });
    expect(created.statusCode, created.body).toBe(200);
    const settingsId = created.json<DeviceTestSettings>().Id;
    const before = await testWriteSnapshot(ctx);

    const attempts = [
      call(USER, 'POST', 'devicetestsettings', { Imei: hansen.imei, CustomerId: atlas }),
      call(USER, 'PUT', `devicetestsettings/${settingsId}`, {
        Imei: hansen.imei,
        CustomerId: atlas,
      }),
      call(USER, 'PUT', `devicetestsettings/${settingsId}`, {
        Imei: atlasDevice.imei,
        CustomerId: atlas,
      }),
      call(RESELLER, 'POST', 'devicetestsettings', { Imei: hansen.imei, CustomerId: atlas }),
      call(RESELLER, 'POST', 'devicetestsettings', {
        Imei: atlasDevice.imei,
        CustomerId: hansenId,
      }),
      call(USER, 'GET', `devicetestsettings/setactive/${hansen.imei}`),
      call(USER, 'GET', `devicetestsettings/setinactive/${hansen.imei}`),
      call(RESELLER, 'PUT', 'devicetestsettings/999999', {
        Imei: hansen.imei,
        CustomerId: hansenId,
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(404);
    }
    expect(await testWriteSnapshot(ctx)).toEqual(before);
  });

  it('refuses a Viewer every write with 403 and writes nothing', async () => {
    const device = await device4G(ctx, 'Atlas Freight', 2);
    const atlas = await customerId(ctx, 'Atlas Freight');
    const before = await testWriteSnapshot(ctx);
    const body = { Imei: device.imei, CustomerId: atlas };
    for (const [method, path] of [
      ['POST', 'devicetestsettings'],
      ['PUT', 'devicetestsettings/1'],
      ['GET', `devicetestsettings/setactive/${device.imei}`],
      ['GET', `devicetestsettings/setinactive/${device.imei}`],
    ] as const) {
      const response = await call(VIEWER, method, path, method === 'GET' ? undefined : body);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
    }
    expect(await testWriteSnapshot(ctx)).toEqual(before);
    expect((await call(VIEWER, 'GET', 'devicetestsettings')).statusCode).toBe(200);
    expect((await call(VIEWER, 'GET', 'devicetests')).statusCode).toBe(200);
  });
});

describe('GET devicetestsettings/setactive|setinactive/{imei}', () => {
  it('marks the test active for the caller and inactive again', async () => {
    const device = await device4G(ctx, 'Atlas Freight', 3);
    const atlas = await customerId(ctx, 'Atlas Freight');
    const missing = await call(USER, 'GET', `devicetestsettings/setactive/${device.imei}`);
    expect(missing.statusCode).toBe(404);
    const body = {
      Imei: device.imei,
      CustomerId: atlas,
      ConfigurationGroupId: device.configurationGroupId,
    };
    expect((await call(USER, 'POST', 'devicetestsettings', body)).statusCode).toBe(200);

    const active = await call(ADMIN, 'GET', `devicetestsettings/setactive/${device.imei}`);
    expect(active.statusCode, active.body).toBe(200);
    const [admin] = await ctx.database.db.select().from(users).where(eq(users.email, ADMIN));
    expect(active.json<DeviceTestSettings>()).toMatchObject({ IsActive: true, UserId: admin?.id });
    const inactive = await call(USER, 'GET', `devicetestsettings/setinactive/${device.imei}`);
    expect(inactive.statusCode).toBe(200);
    expect(inactive.json<DeviceTestSettings>().IsActive).toBe(false);
    const [row] = await ctx.database.db
      .select()
      .from(deviceTestSettings)
      .where(eq(deviceTestSettings.deviceId, device.id));
    expect(row?.isActive).toBe(false);
    expect(row?.startedAt).toBeInstanceOf(Date);
    expect((await call(USER, 'GET', 'devicetestsettings/setactive/12ab')).statusCode).toBe(400);
  });
});
