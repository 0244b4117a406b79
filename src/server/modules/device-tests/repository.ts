import { and, desc, eq, lt } from 'drizzle-orm';
import {
  DEVICE_TEST_PAGE_SIZE,
  type DeviceTestResult,
  type DeviceTestSettings,
  type TestResultText,
} from '@shared/devices/device-tests';
import { scopeFilter, type CustomerScope } from '@server/auth/tenancy';
import type { DbOrTx } from '@server/db/client';
import { toRunItem, type EvaluatedItem } from './evaluation';
import {
  customers,
  devices,
  deviceTestResults,
  deviceTestSettings,
  users,
} from '@server/db/schema';

export type SettingsRow = typeof deviceTestSettings.$inferSelect;
export type NewResultRow = typeof deviceTestResults.$inferInsert;

export const toSettingsDto = (row: SettingsRow): DeviceTestSettings => ({
  Id: row.id,
  Imei: row.imei,
  CustomerId: row.customerId,
  ConfigurationGroupId: row.configurationGroupId,
  Protocol: row.protocol,
  CanProtocol: row.protocol,
  UserId: row.userId,
  IsActive: row.isActive,
});

/** Test settings of devices in the scope (tenancy follows the device's current customer). */
export async function listSettings(db: DbOrTx, scope: CustomerScope): Promise<SettingsRow[]> {
  const rows = await db
    .select({ settings: deviceTestSettings })
    .from(deviceTestSettings)
    .innerJoin(devices, eq(devices.id, deviceTestSettings.deviceId))
    .where(scopeFilter(scope, devices.customerId))
    .orderBy(desc(deviceTestSettings.updatedAt), desc(deviceTestSettings.id));
  return rows.map((r) => r.settings);
}

export async function findSettingsById(
  db: DbOrTx,
  scope: CustomerScope,
  id: number,
): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select({ settings: deviceTestSettings })
    .from(deviceTestSettings)
    .innerJoin(devices, eq(devices.id, deviceTestSettings.deviceId))
    .where(and(eq(deviceTestSettings.id, id), scopeFilter(scope, devices.customerId)));
  return row?.settings;
}

export async function findSettingsOfDevice(
  db: DbOrTx,
  deviceId: number,
): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(deviceTestSettings)
    .where(eq(deviceTestSettings.deviceId, deviceId));
  return row;
}

/** The device's settings when its test is active (the hub's sessions start from these). */
export async function findActiveSettingsByImei(
  db: DbOrTx,
  imei: string,
): Promise<SettingsRow | null> {
  const [row] = await db
    .select({ settings: deviceTestSettings })
    .from(deviceTestSettings)
    .innerJoin(devices, eq(devices.id, deviceTestSettings.deviceId))
    .where(and(eq(devices.imei, imei), eq(deviceTestSettings.isActive, true)));
  return row?.settings ?? null;
}

/** Who a finished test is recorded for: the tested customer's name and the tester's email. */
export async function resultNames(
  db: DbOrTx,
  customerId: number,
  userId: number | null,
): Promise<{ customerName: string; userEmail: string }> {
  const [customer] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, customerId));
  const [user] =
    userId === null
      ? []
      : await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return { customerName: customer?.name ?? '', userEmail: user?.email ?? '' };
}

const toResultDto = (row: typeof deviceTestResults.$inferSelect): DeviceTestResult => ({
  Id: row.id,
  CustomerName: row.customerName,
  IMEI: row.imei,
  UserEmail: row.userEmail,
  TimeStamp: row.timeStamp.toISOString(),
  ValidConnection: row.validConnection,
  ValidTimeStamp: row.validTimeStamp,
  ValidIGNState: row.validIgnState,
  ValidPosition: row.validPosition,
  ValidOdo: row.validOdo,
  ValidVIN: row.validVin,
  ValidIbutton: row.validIbutton,
  ValidIO1State: row.validIo1State,
  TestResult: row.testResult as TestResultText,
  LAT: row.lat,
  LON: row.lon,
  SatCount: row.satCount,
  Odo: row.odo,
  VIN: row.vin,
  IbuttonActive: row.ibuttonActive,
  Ibutton: row.ibutton,
  PrivateSwitchActive: row.privateSwitchActive,
  Items: (row.items as EvaluatedItem[]).map(toRunItem),
});

/** Results the scope may see (by the tested customer), newest first, a page at a time. */
export async function listResults(
  db: DbOrTx,
  scope: CustomerScope,
  beforeId?: number,
): Promise<DeviceTestResult[]> {
  const rows = await db
    .select()
    .from(deviceTestResults)
    .where(
      and(
        scopeFilter(scope, deviceTestResults.customerId),
        beforeId === undefined ? undefined : lt(deviceTestResults.id, beforeId),
      ),
    )
    .orderBy(desc(deviceTestResults.id))
    .limit(DEVICE_TEST_PAGE_SIZE);
  return rows.map(toResultDto);
}

export async function insertResult(db: DbOrTx, row: NewResultRow): Promise<DeviceTestResult> {
  const [stored] = await db.insert(deviceTestResults).values(row).returning();
  if (!stored) throw new Error('device test result not stored');
  return toResultDto(stored);
}

export async function setSettingsActive(
  db: DbOrTx,
  settingsId: number,
  active: boolean,
  userId?: number,
): Promise<SettingsRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(deviceTestSettings)
    .set({
      isActive: active,
      updatedAt: now,
      ...(active ? { startedAt: now } : {}),
      ...(userId === undefined ? {} : { userId }),
    })
    .where(eq(deviceTestSettings.id, settingsId))
    .returning();
  return row;
}
