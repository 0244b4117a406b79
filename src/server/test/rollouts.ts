/** Helpers for the rollout tests: a fleet of demo devices in a customer of its own, a firmware. */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Firmware } from '@shared/libraries/firmware-library';
import { FIRMWARE_FILE } from '@shared/libraries/library-files';
import type { Rollout } from '@shared/libraries/rollout-views';
import { selectRows } from '@server/db/client';
import { customers } from '@server/db/schema';
import { ADMIN } from './api';
import { someDevices, type FleetDevice } from './device-link';
import type { TestContext } from './harness';
import { fileBytes, libraryForm } from './library-forms';

let fleets = 0;

/**
 * `n` demo devices (with their link credentials) moved into a new customer: device type 4,
 * heard from now, on firmware 1.00.00, booter 1.0, protocol code OLDPR001, in sync.
 */
export async function rolloutFleet(ctx: TestContext, n: number) {
  const db = ctx.database.db;
  const [customer] = await db
    .insert(customers)
    .values({ name: `Rollout fleet ${String(++fleets)} ${String(Date.now())}` })
    .returning({ id: customers.id });
  if (!customer) throw new Error('no customer');
  // Devices of earlier fleets are not free: pending settings, or still on their way in a rollout.
  const open = await selectRows<{ device_id: number }>(
    db,
    sql`select device_id from rollout_devices
      where state in ('waiting', 'pending', 'sent', 'downloading')`,
  );
  const busy = new Set(open.map((r) => r.device_id));
  const devices: FleetDevice[] = (await someDevices(db, n + busy.size + 10, 0))
    .filter((d) => ctx.deviceCredentials.has(d.imei) && !busy.has(d.id))
    .slice(0, n);
  if (devices.length < n) throw new Error('not enough free demo devices');
  const ids = `{${devices.map((d) => d.id).join(',')}}`;
  await db.execute(sql`update devices set customer_id = ${customer.id}, device_type = 4,
      last_msg = now(), firmware = '1.00.00', booter_version = '1.0', protocol_code = 'OLDPR001',
      can1_version = null, can2_version = null,
      current_config = current_config || '{"Firmware":"1.00.00","BooterVersion":"1.0","ProtocolCode":"OLDPR001"}',
      config_overlay = '{}', in_sync = true
    where id = any(${ids}::int[])`);
  return { customerId: customer.id, devices };
}

/** Runs SQL on some of a fleet's devices (`set …`). */
export async function setDevices(ctx: TestContext, devices: readonly FleetDevice[], set: string) {
  const ids = `{${devices.map((d) => d.id).join(',')}}`;
  await ctx.database.db.execute(
    sql`update devices set ${sql.raw(set)} where id = any(${ids}::int[])`,
  );
}

/** A firmware with a file, for device type 4 unless told otherwise. */
export async function addFirmware(
  ctx: TestContext,
  version: string,
  { flag = 2, deviceType = 4 }: { flag?: number; deviceType?: number } = {},
): Promise<Firmware> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/AddonBoardFW/',
    headers: await ctx.authHeader(ADMIN),
    payload: libraryForm(
      { Version: version, Release: true, FirmwareFlag: flag, DeviceType: deviceType, Active: true },
      { part: FIRMWARE_FILE.part, name: `qan_${version}.fota`, bytes: fileBytes(2048, flag) },
    ),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Firmware>();
}

/** The rollout as the API answers it, after the engine has written what the link saw. */
export async function rolloutNow(ctx: TestContext, id: number): Promise<Rollout> {
  await ctx.app.rollouts.settle();
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/rollouts/${String(id)}`,
    headers: await ctx.authHeader(ADMIN),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Rollout>();
}
