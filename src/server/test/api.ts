import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { selectRows } from '@server/db/client';
import { customers, devices } from '@server/db/schema';
import { wantedConfigOfRow } from '@server/db/wanted-config';
import { afterAll, beforeAll } from 'vitest';
import type { AppOptions } from '@server/app';
import { createTestContext, type TestContext } from './harness';

export const ADMIN = 'admin@demo.test';
export const RESELLER = 'reseller@demo.test';
export const USER = 'user@demo.test';
export const VIEWER = 'viewer@demo.test';
export const ROLES = [ADMIN, RESELLER, USER, VIEWER] as const;

/** `call(email, method, path, body)` against `/api/{path}` with that demo account's token. */
export function apiCaller(ctx: TestContext) {
  return async (email: string, method: InjectOptions['method'], path: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url: `/api/${path}`,
      headers: await ctx.authHeader(email),
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
}

export interface DemoDevice {
  id: number;
  imei: string;
  customerId: number | null;
}

/** The `n`-th device (by id) of a demo customer, or of no customer when `customer` is null. */
export async function deviceOf(
  ctx: TestContext,
  customer: string | null,
  n = 0,
): Promise<DemoDevice> {
  const rows = await ctx.database.db
    .select({ id: devices.id, imei: devices.imei, customerId: devices.customerId })
    .from(devices)
    .leftJoin(customers, eq(customers.id, devices.customerId))
    .where(customer === null ? isNull(devices.customerId) : and(eq(customers.name, customer)))
    .orderBy(asc(devices.id))
    .limit(1)
    .offset(n);
  const device = rows[0];
  if (!device) throw new Error(`no device ${n} of ${customer ?? 'no customer'}`);
  return device;
}

export async function customerId(ctx: TestContext, name: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.name, name));
  if (!row) throw new Error(`no customer ${name}`);
  return row.id;
}

/** Row counts of the tables device calls write, to prove a refused call wrote nothing. */
export async function writeSnapshot(ctx: TestContext) {
  const [row] = await selectRows<Record<string, string>>(
    ctx.database.db,
    sql`select
      (select count(*) from device_settings) as settings,
      (select count(*) from modem_requests) as requests,
      (select count(*) from device_forwards) as forwards,
      (select count(*) from customer_connections) as connections,
      (select md5(string_agg(concat_ws('|', id, customer_id, configuration_group_id, note, name,
        in_sync, config_overlay::text), ',' order by id)) from devices) as devices,
      (select md5(string_agg(concat_ws('|', id, setting_name, value, processed), ',' order by id))
        from device_settings) as setting_rows,
      (select md5(string_agg(concat_ws('|', id, command, executed), ',' order by id))
        from modem_requests) as request_rows,
      (select md5(string_agg(concat_ws('|', id, forward_id), ',' order by id))
        from device_forwards) as forward_rows,
      (select md5(string_agg(concat_ws('|', id, customer_id, "end"), ',' order by id))
        from customer_connections) as connection_rows`,
  );
  return row;
}

/** The stored device row (configurations, sync flag, search columns). */
/** A devices row, with the configuration the portal wants it to have (`newConfig`). */
export async function deviceRecord(ctx: TestContext, id: number) {
  const [device] = await ctx.database.db.select().from(devices).where(eq(devices.id, id));
  if (!device) throw new Error(`no device ${id}`);
  return { ...device, newConfig: wantedConfigOfRow(device) };
}

/** The first in-sync device of a customer from the `n`-th on, so pending settings are the test's. */
export async function syncedDeviceOf(ctx: TestContext, customer: string, n: number) {
  for (let i = n; ; i++) {
    const device = await deviceOf(ctx, customer, i);
    if ((await deviceRecord(ctx, device.id)).inSync) return device;
  }
}

/**
 * The real app on a fresh demo database for the whole test file, and `call` as each demo
 * account: the before/after set-up most server test files share.
 */
export function useApiContext(options: Partial<AppOptions> = {}) {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestContext(options);
  });
  afterAll(() => ctx?.close());
  const started = (): TestContext => {
    if (!ctx) throw new Error('the test context is not started yet');
    return ctx;
  };
  return {
    get ctx() {
      return started();
    },
    call: (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(started())(...args),
  };
}
