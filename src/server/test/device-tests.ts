import { and, count, eq } from 'drizzle-orm';
import type { DeviceMessage } from '@shared/devices/device-link';
import { DEVICE_LINK_PATH } from '@shared/devices/device-link';
import type { DeviceTestSettings } from '@shared/devices/device-tests';
import { configurationGroups, devices, deviceTestSettings } from '@server/db/schema';
import { wantedConfigOfRow } from '@server/db/wanted-config';
import { signDeviceMessage } from '@server/auth/device-signing';
import { apiCaller, customerId, writeSnapshot } from './api';
import type { TestContext } from './harness';

/** A device message that passes every automatic check at `now` (a 4G device, a full fix). */
export const goodMessage = (imei: string, now = new Date()): DeviceMessage => ({
  IMEI: imei,
  Timestamp: new Date(now.getTime() - 1000).toISOString(),
  Ignition: 1,
  Lat: 52.370216,
  Lon: 4.895168,
  SatCount: 9,
  Odo: 412345.678,
  VIN: 'YV2RT40A8KB123456',
  Ibutton: '01A2B3C4D5E6F700',
  IO1: 0,
});

/** Posts a device message through the device link, signed as a tracker would, and expects 200. */
export async function postDeviceMessage(ctx: TestContext, message: DeviceMessage): Promise<void> {
  const payload = JSON.stringify(message);
  const credential = ctx.deviceCredentials.get(message.IMEI);
  if (!credential) throw new Error(`no demo credential for ${message.IMEI}`);
  const response = await ctx.app.inject({
    method: 'POST',
    url: DEVICE_LINK_PATH,
    headers: { 'content-type': 'application/json', ...signDeviceMessage(credential, payload) },
    payload,
  });
  if (response.statusCode !== 200) throw new Error(`device link: ${response.body}`);
}

/** A 4G device of the customer (every demo protocol exists for type 4), `n`-th by id. */
export async function device4G(ctx: TestContext, customer: string, n = 0) {
  const id = await customerId(ctx, customer);
  const [device] = await ctx.database.db
    .select()
    .from(devices)
    .where(and(eq(devices.customerId, id), eq(devices.deviceType, 4)))
    .orderBy(devices.id)
    .limit(1)
    .offset(n);
  if (!device) throw new Error(`no 4G device ${n} of ${customer}`);
  return { ...device, newConfig: wantedConfigOfRow(device) };
}

export async function groupOf(ctx: TestContext, name: string) {
  const [group] = await ctx.database.db
    .select()
    .from(configurationGroups)
    .where(eq(configurationGroups.name, name));
  if (!group) throw new Error(`no group ${name}`);
  return group;
}

/** The device tables plus the test settings, to prove a refused call wrote nothing. */
export async function testWriteSnapshot(ctx: TestContext) {
  const [settings] = await ctx.database.db.select({ n: count() }).from(deviceTestSettings);
  const rows = await ctx.database.db
    .select()
    .from(deviceTestSettings)
    .orderBy(deviceTestSettings.id);
  return { ...(await writeSnapshot(ctx)), testSettings: settings?.n, rows: JSON.stringify(rows) };
}

/** The `n`-th 4G device of a customer with settings saved (its own customer and group) by `email`. */
export async function deviceWithTestSettings(
  ctx: TestContext,
  email: string,
  customer: string,
  n: number,
): Promise<{ imei: string; settings: DeviceTestSettings }> {
  const device = await device4G(ctx, customer, n);
  const id = await customerId(ctx, customer);
  const response = await apiCaller(ctx)(email, 'POST', 'devicetestsettings', {
    Imei: device.imei,
    CustomerId: id,
    ConfigurationGroupId: device.configurationGroupId,
  });
  if (response.statusCode !== 200) throw new Error(`settings: ${response.body}`);
  return { imei: device.imei, settings: response.json<DeviceTestSettings>() };
}

/** Resolves once `check` is true (polling every 10 ms), or fails after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The configuration an installation test plans from, for tests that need a known item list. */
export const BASE_TEST_CONFIG = {
  iButton: '0',
  TachoType: '0',
  TachoLiveEnabled: '0',
  TachoRDLEnabled: '0',
  ProtocolCode: '',
  Output1Behaviour: '0',
  output2Behaviour: '0',
  output3Behaviour: '0',
  analogInputFunction: '0',
} as const;

/** Gives a device this applied configuration (over BASE_TEST_CONFIG), nothing pending for it. */
export async function configureDevice(
  ctx: TestContext,
  imei: string,
  config: Record<string, string> = {},
): Promise<void> {
  const [device] = await ctx.database.db.select().from(devices).where(eq(devices.imei, imei));
  if (!device) throw new Error(`no device ${imei}`);
  const wanted = { ...BASE_TEST_CONFIG, ...config };
  const overlay = Object.fromEntries(
    Object.entries(device.configOverlay).filter(([name]) => !(name in wanted)),
  );
  await ctx.database.db
    .update(devices)
    .set({ currentConfig: { ...device.currentConfig, ...wanted }, configOverlay: overlay })
    .where(eq(devices.id, device.id));
}
