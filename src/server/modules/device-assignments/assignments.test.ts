import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CustomerHistoryEntry,
  DeviceConfigurationGroup,
  DeviceCustomer,
} from '@shared/devices/devices';
import { configurationGroups, customerConnections, customers, devices } from '@server/db/schema';
import {
  ADMIN,
  apiCaller,
  customerId,
  deviceOf,
  RESELLER,
  USER,
  VIEWER,
  writeSnapshot,
} from '@server/test/api';
import { createTestContext, type TestContext } from '@server/test/harness';
import { ACCESS_DENIED } from '@server/auth/access';

let ctx: TestContext;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = apiCaller(ctx);
});
afterAll(() => ctx.close());

const deviceRow = async (imei: string) => {
  const [row] = await ctx.database.db.select().from(devices).where(eq(devices.imei, imei));
  return row;
};
const openConnections = (deviceId: number) =>
  ctx.database.db
    .select()
    .from(customerConnections)
    .where(and(eq(customerConnections.deviceId, deviceId), isNull(customerConnections.end)));
const groupNamed = async (name: string) => {
  const [row] = await ctx.database.db
    .select()
    .from(configurationGroups)
    .where(eq(configurationGroups.name, name));
  if (!row) throw new Error(name);
  return row;
};

describe('POST devices/customerconnection/{customerId}', () => {
  it('moves devices to the customer: closes the current connection and opens a new one', async () => {
    const vega = await customerId(ctx, 'Vega Logistics');
    const a = await deviceOf(ctx, 'Hansen Transport', 0);
    const b = await deviceOf(ctx, 'Hansen Transport', 1);
    const already = await deviceOf(ctx, 'Vega Logistics', 0);
    const response = await call(RESELLER, 'POST', `devices/customerconnection/${vega}`, {
      devices: [a.imei, b.imei, already.imei],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<DeviceCustomer[]>().map((d) => [d.IMEI, d.Customer])).toEqual([
      [a.imei, 'Vega Logistics'],
      [b.imei, 'Vega Logistics'],
      [already.imei, 'Vega Logistics'],
    ]);
    for (const device of [a, b]) {
      expect((await deviceRow(device.imei))?.customerId).toBe(vega);
      const open = await openConnections(device.id);
      expect(open.map((c) => c.customerId)).toEqual([vega]);
      const history = await call(ADMIN, 'GET', `devices/customerconnection/history/${device.id}`);
      const entries = history.json<CustomerHistoryEntry[]>();
      expect(entries[0]).toMatchObject({ Customer: 'Vega Logistics', End: null });
      expect(entries[1]).toMatchObject({ Customer: 'Hansen Transport' });
      expect(entries[1]?.End).toBe(entries[0]?.Start);
    }
    // A device already with the customer keeps its connection.
    expect((await openConnections(already.id))[0]?.start.getTime()).toBeLessThan(
      Date.now() - 86_400_000,
    );
  });

  it('clears a group of the previous customer but keeps a shared one', async () => {
    const atlas = await customerId(ctx, 'Atlas Freight');
    const own = await groupNamed('Hansen Transport standard');
    const shared = await groupNamed('Long haul');
    const a = await deviceOf(ctx, 'Hansen Transport', 2);
    const b = await deviceOf(ctx, 'Hansen Transport', 3);
    await call(ADMIN, 'POST', `devices/configurationgroups/${own.id}`, { devices: [a.imei] });
    await call(ADMIN, 'POST', `devices/configurationgroups/${shared.id}`, { devices: [b.imei] });
    const response = await call(ADMIN, 'POST', `devices/customerconnection/${atlas}`, {
      devices: [a.imei, b.imei],
    });
    expect(response.statusCode).toBe(200);
    expect((await deviceRow(a.imei))?.configurationGroupId).toBeNull();
    expect((await deviceRow(b.imei))?.configurationGroupId).toBe(shared.id);
  });

  it('lets an admin assign a device in stock', async () => {
    const blue = await customerId(ctx, 'Blue Line Buses');
    const stock = await deviceOf(ctx, null);
    const response = await call(ADMIN, 'POST', `devices/customerconnection/${blue}`, {
      devices: [stock.imei],
    });
    expect(response.statusCode).toBe(200);
    expect((await openConnections(stock.id)).map((c) => c.customerId)).toEqual([blue]);
  });

  it('moves nothing to a deactivated customer (404, as it has left every selector)', async () => {
    const blue = await customerId(ctx, 'Blue Line Buses');
    const stock = await deviceOf(ctx, null);
    await ctx.database.db
      .update(customers)
      .set({ deactivatedAt: new Date() })
      .where(eq(customers.id, blue));
    try {
      const before = await writeSnapshot(ctx);
      const response = await call(ADMIN, 'POST', `devices/customerconnection/${blue}`, {
        devices: [stock.imei],
      });
      expect(response.statusCode).toBe(404);
      expect(await writeSnapshot(ctx)).toEqual(before);
    } finally {
      await ctx.database.db
        .update(customers)
        .set({ deactivatedAt: null })
        .where(eq(customers.id, blue));
    }
  });
  it('is all-or-nothing: one device of another tenant fails the call and writes nothing', async () => {
    const vega = await customerId(ctx, 'Vega Logistics');
    const mine = await deviceOf(ctx, 'Hansen Transport', 10);
    const foreign = await deviceOf(ctx, 'Atlas Freight', 10);
    const before = await writeSnapshot(ctx);
    const response = await call(RESELLER, 'POST', `devices/customerconnection/${vega}`, {
      devices: [mine.imei, foreign.imei],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toContain(foreign.imei);
    expect(await writeSnapshot(ctx)).toEqual(before);
  });

  it('rolls the whole change back when a write fails midway', async () => {
    const vega = await customerId(ctx, 'Vega Logistics');
    const a = await deviceOf(ctx, 'Hansen Transport', 20);
    const b = await deviceOf(ctx, 'Hansen Transport', 21);
    // A trigger fails b's new connection, after both old connections were already closed in
    // the same transaction: nothing of the change may remain.
    await ctx.database.db.execute(
      `create or replace function fail_for_device() returns trigger language plpgsql as $$
       begin if new.device_id = ${b.id} then raise exception 'simulated failure'; end if; return new; end $$`,
    );
    await ctx.database.db.execute(
      'create trigger fail_for_device before insert on customer_connections for each row execute function fail_for_device()',
    );
    try {
      const before = await writeSnapshot(ctx);
      const response = await call(RESELLER, 'POST', `devices/customerconnection/${vega}`, {
        devices: [a.imei, b.imei],
      });
      expect(response.statusCode).toBe(500);
      expect(await writeSnapshot(ctx)).toEqual(before);
    } finally {
      await ctx.database.db.execute('drop trigger fail_for_device on customer_connections');
    }
  });

  it('refuses non-resellers (403), customers out of scope (404) and bad input (400)', async () => {
    const atlas = await customerId(ctx, 'Atlas Freight');
    const hansen = await customerId(ctx, 'Hansen Transport');
    const device = await deviceOf(ctx, 'Atlas Freight', 30);
    const before = await writeSnapshot(ctx);
    const user = await call(USER, 'POST', `devices/customerconnection/${atlas}`, {
      devices: [device.imei],
    });
    // The route's rule (devices.assign) refuses at the door, before the service's own check.
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ message: ACCESS_DENIED });
    expect(
      (
        await call(VIEWER, 'POST', `devices/customerconnection/${atlas}`, {
          devices: [device.imei],
        })
      ).statusCode,
    ).toBe(403);
    const mine = await deviceOf(ctx, 'Vega Logistics', 30);
    expect(
      (
        await call(RESELLER, 'POST', `devices/customerconnection/${atlas}`, {
          devices: [mine.imei],
        })
      ).statusCode,
    ).toBe(404);
    const empty = await call(RESELLER, 'POST', `devices/customerconnection/${hansen}`, {
      devices: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ errors: { devices: 'No devices selected' } });
    const notImei = await call(RESELLER, 'POST', `devices/customerconnection/${hansen}`, {
      devices: ['x'],
    });
    expect(notImei.json()).toEqual({ errors: { 'devices.0': 'Must be an IMEI (digits only)' } });
    expect(await writeSnapshot(ctx)).toEqual(before);
  });
});

describe('PUT devices/customerconnection/', () => {
  it('removes the customer, ends the connection and clears the group', async () => {
    const device = await deviceOf(ctx, 'Vega Logistics', 40);
    const shared = await groupNamed('Default');
    await call(RESELLER, 'POST', `devices/configurationgroups/${shared.id}`, {
      devices: [device.imei],
    });
    const response = await call(RESELLER, 'PUT', 'devices/customerconnection/', {
      devices: [device.imei],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ IMEI: device.imei, Customer: null, CustomerId: null }]);
    const row = await deviceRow(device.imei);
    expect(row).toMatchObject({ customerId: null, configurationGroupId: null });
    expect(await openConnections(device.id)).toEqual([]);
    // Out of the reseller's scope now.
    expect((await call(RESELLER, 'GET', `devices/${device.id}`)).statusCode).toBe(404);
  });

  it('refuses users that are not resellers', async () => {
    const device = await deviceOf(ctx, 'Atlas Freight', 41);
    expect(
      (await call(USER, 'PUT', 'devices/customerconnection', { devices: [device.imei] }))
        .statusCode,
    ).toBe(403);
    expect((await deviceRow(device.imei))?.customerId).not.toBeNull();
  });
});

describe('devices/configurationgroups', () => {
  it("assigns a shared group or the device customer's own group, and removes it", async () => {
    const device = await deviceOf(ctx, 'Hansen Transport', 50);
    const own = await groupNamed('Hansen Transport standard');
    const response = await call(RESELLER, 'POST', `devices/configurationgroups/${own.id}`, {
      devices: [device.imei],
    });
    expect(response.json<DeviceConfigurationGroup[]>()).toEqual([
      { IMEI: device.imei, ConfigurationGroup: own.name, ConfigurationGroupId: own.id },
    ]);
    const removed = await call(RESELLER, 'PUT', 'devices/configurationgroups/', {
      devices: [device.imei],
    });
    expect(removed.statusCode).toBe(200);
    expect((await deviceRow(device.imei))?.configurationGroupId).toBeNull();
  });

  it("refuses another customer's group: 400 when visible, 404 when not", async () => {
    const device = await deviceOf(ctx, 'Hansen Transport', 51);
    const vegaGroup = await groupNamed('Vega Logistics standard');
    const atlasGroup = await groupNamed('Atlas Freight standard');
    const before = await writeSnapshot(ctx);
    const misfit = await call(RESELLER, 'POST', `devices/configurationgroups/${vegaGroup.id}`, {
      devices: [device.imei],
    });
    expect(misfit.statusCode).toBe(400);
    expect(misfit.json<{ errors: Record<string, string> }>().errors.devices).toContain(device.imei);
    const hidden = await call(RESELLER, 'POST', `devices/configurationgroups/${atlasGroup.id}`, {
      devices: [device.imei],
    });
    expect(hidden.statusCode).toBe(404);
    const user = await call(USER, 'POST', `devices/configurationgroups/${atlasGroup.id}`, {
      devices: [(await deviceOf(ctx, 'Atlas Freight')).imei],
    });
    expect(user.statusCode).toBe(403);
    expect(await writeSnapshot(ctx)).toEqual(before);
  });
});

describe('GET devices/customerconnection/history/{deviceId}', () => {
  it('is for admins only, newest first', async () => {
    const device = await deviceOf(ctx, 'Blue Line Buses', 5);
    const response = await call(ADMIN, 'GET', `devices/customerconnection/history/${device.id}`);
    const entries = response.json<CustomerHistoryEntry[]>();
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]).toMatchObject({ Customer: 'Blue Line Buses', End: null });
    const starts = entries.map((e) => Date.parse(e.Start));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    const own = await deviceOf(ctx, 'Hansen Transport', 60);
    for (const email of [RESELLER, USER, VIEWER])
      expect(
        (await call(email, 'GET', `devices/customerconnection/history/${own.id}`)).statusCode,
      ).toBe(403);
    expect((await call(ADMIN, 'GET', 'devices/customerconnection/history/999999')).statusCode).toBe(
      404,
    );
  });
});
