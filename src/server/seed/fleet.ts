import { count, sql } from 'drizzle-orm';
import { catchUpRawMessageSearch } from '@server/modules/raw-messages';
import { DEVICE_TYPES, deviceTypeName } from '@shared/devices/constants';
import type { SettingValue } from '@shared/devices/devices';
import type { DbOrTx } from '@server/db/client';
import { configurationGroups, devices, deviceSettings } from '@server/db/schema';
import { configCopies } from '@server/modules/devices';
import { makeDeviceConfig } from './device-config';
import { completeFleet } from './device-history';
import { iccidFor, imeiFor, vinFor, type Random } from './random';

const HARDWARE_REVISIONS: Record<number, string> = { 1: 'HW 2.1', 2: 'HW 3.0', 4: 'HW 4.2' };

/** Where the demo fleet drives: around Amsterdam, Hamburg and Gothenburg. */
const DEPOTS = [
  [52.37, 4.9],
  [53.55, 9.99],
  [57.71, 11.97],
] as const;

export type FleetDevice = typeof devices.$inferInsert;

/**
 * A demo device: its applied configuration (flat SettingName → text, docs/decisions/010), the
 * searchable firmware / protocol-code copies, and the settings still pending for it.
 */
export function makeDevice(
  index: number,
  customerId: number | null,
  random: Random,
): { device: FleetDevice; pending: SettingValue[] } {
  const deviceType = random.pick(DEVICE_TYPES);
  const { config, pending } = makeDeviceConfig(deviceType, random);
  const overlay = Object.fromEntries(pending.map((p) => [p.SettingName, p.Value]));
  const [lat, lon] = random.pick(DEPOTS);
  const device: FleetDevice = {
    imei: imeiFor(index, random),
    sn: `SN${String(100000 + index)}`,
    hardware: HARDWARE_REVISIONS[deviceType] ?? 'HW 1.0',
    deviceName: deviceTypeName(deviceType),
    deviceType,
    iccid: iccidFor(random),
    customerId,
    ...configCopies(config),
    inSync: pending.length === 0,
    currentConfig: config,
    configOverlay: overlay,
    state: {
      VIN: random.chance(0.15) ? '0' : vinFor(random),
      Lat: lat + (random.next() - 0.5) * 0.6,
      Lon: lon + (random.next() - 0.5) * 0.9,
      Ignition: random.chance(0.4) ? 1 : 0,
      SatCount: random.int(4, 14),
      Odo: random.int(20_000, 900_000),
    },
  };
  return { device, pending };
}

/**
 * A configuration group for two assigned devices in three: the customer's own group or the
 * first shared one (set at insert: updating 100,000 wide rows afterwards is slow).
 */
async function groupChooser(db: DbOrTx) {
  const groups = await db
    .select({ id: configurationGroups.id, customerId: configurationGroups.customerId })
    .from(configurationGroups)
    .orderBy(configurationGroups.id);
  const shared = groups.find((g) => g.customerId === null)?.id ?? null;
  return (index: number, customerId: number | null): number | null => {
    if (customerId === null) return null;
    if (index % 3 === 0) return groups.find((g) => g.customerId === customerId)?.id ?? null;
    return index % 3 === 1 ? shared : null;
  };
}

/**
 * Adds devices until the fleet has `target` of them, spread over `customerIds` in turn, with
 * their pending settings, customer history, configuration groups, forwards and modem requests.
 * Inserted in batches so 100,000 devices load in well under a minute on either database.
 */
export async function growFleet(
  db: DbOrTx,
  target: number,
  customerIds: readonly (number | null)[],
  random: Random,
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(devices);
  const existing = row?.n ?? 0;
  const groupOf = await groupChooser(db);
  const batchSize = 2000;
  let firstNewId: number | undefined;
  for (let start = existing; start < target; start += batchSize) {
    const batch = Array.from({ length: Math.min(batchSize, target - start) }, (_, i) => {
      const customerId = customerIds[(start + i) % customerIds.length] ?? null;
      const made = makeDevice(start + i, customerId, random);
      made.device.configurationGroupId = groupOf(start + i, customerId);
      return made;
    });
    const ids = await db
      .insert(devices)
      .values(batch.map((b) => b.device))
      .returning({ id: devices.id });
    firstNewId ??= ids[0]?.id;
    const pending = batch.flatMap((b, i) =>
      b.pending.map((p) => ({
        deviceId: ids[i]?.id ?? 0,
        settingName: p.SettingName,
        value: p.Value,
      })),
    );
    if (pending.length) await db.insert(deviceSettings).values(pending);
  }
  if (firstNewId !== undefined) await completeFleet(db, firstNewId);
  return Math.max(target, existing);
}

/** A plausible device message body, as trackers post it. */
export function messageBody(imei: string, at: Date, random: Random): string {
  return JSON.stringify({
    IMEI: imei,
    Timestamp: at.toISOString(),
    Ignition: random.chance(0.6) ? 1 : 0,
    Lat: Number((52 + random.next() * 5).toFixed(6)),
    Lon: Number((4 + random.next() * 8).toFixed(6)),
    SatCount: random.int(3, 14),
    Speed: random.int(0, 90),
    Odo: random.int(20_000, 900_000),
  });
}

/**
 * Bulk-loads `total` messages spread over the last `days` days for benchmarks, generated by the
 * database itself (one statement per chunk) rather than shipped row by row. In arrival order,
 * as the device link stores them: ids follow time (the Raw Messages list pages by id).
 */
export async function addBulkMessages(db: DbOrTx, total: number, days = 8): Promise<void> {
  const [row] = await db.select({ n: count() }).from(devices);
  const fleetSize = row?.n ?? 0;
  if (fleetSize === 0) return;
  const chunk = 200_000;
  for (let done = 0; done < total; done += chunk) {
    const n = Math.min(chunk, total - done);
    // The modulo uses a constant fleet size so the join can hash instead of looping.
    await db.execute(sql`
      with fleet as (select id, imei, row_number() over (order by id) - 1 as k from devices)
      insert into raw_messages (device_id, imei, time_stamp_server, valid_json, message)
      select f.id, f.imei, now() - (${total}::int - g) * (${days}::float8 / ${total}::int) * interval '1 day',
             g % 37 <> 0,
             case when g % 37 = 0 then '{"IMEI":"' || f.imei || '","Lat":5'
                  else json_build_object('IMEI', f.imei, 'Ignition', g % 2, 'SatCount', 4 + g % 10, 'Odo', 10000 + g)::text end
      from generate_series(${done + 1}::int, ${done + n}::int) g
      join fleet f on f.k = g % ${fleetSize}::int`);
  }
  // Searchable at once, as if the indexer had long caught up.
  await catchUpRawMessageSearch(db);
}
