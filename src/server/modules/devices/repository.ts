import { and, asc, count, desc, eq, gt, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { DEVICE_PAGE_SIZE, type DeviceSearchFilter } from '@shared/devices/devices';
import { scopeFilter, type CustomerScope } from '@server/auth/tenancy';
import type { DbOrTx } from '@server/db/client';
import { wantedConfig } from '@server/db/wanted-config';
import { containsPattern } from '@server/http/list-resource-source';
import { canConfigs, configurationGroups, customers, devices } from '@server/db/schema';
import type { DeviceDetailRow, DeviceRow } from './device-dto';

const deviceColumns = {
  id: devices.id,
  imei: devices.imei,
  sn: devices.sn,
  hardware: devices.hardware,
  deviceType: devices.deviceType,
  deviceName: devices.deviceName,
  firmware: devices.firmware,
  protocolCode: devices.protocolCode,
  configurationGroupId: devices.configurationGroupId,
  configurationGroup: configurationGroups.name,
  iccid: devices.iccid,
  apn: devices.apn,
  inSync: devices.inSync,
  lastMsg: devices.lastMsg,
  lastDownload: devices.lastDownload,
  rtdInterval: customers.rtdInterval,
  note: devices.note,
  name: devices.name,
  customerId: devices.customerId,
  customer: customers.name,
  booterVersion: devices.booterVersion,
  can1Version: devices.can1Version,
  can2Version: devices.can2Version,
};

const detailColumns = {
  ...deviceColumns,
  currentConfig: devices.currentConfig,
  newConfig: sql<Record<string, unknown>>`${wantedConfig('devices')}`,
  state: devices.state,
};

const joinCustomer = eq(customers.id, devices.customerId);
const joinGroup = eq(configurationGroups.id, devices.configurationGroupId);

const selectDevices = (db: DbOrTx) =>
  db
    .select(deviceColumns)
    .from(devices)
    .leftJoin(customers, joinCustomer)
    .leftJoin(configurationGroups, joinGroup);

const selectDeviceDetails = (db: DbOrTx) =>
  db
    .select(detailColumns)
    .from(devices)
    .leftJoin(customers, joinCustomer)
    .leftJoin(configurationGroups, joinGroup);

type LibraryNames = Pick<DeviceRow, 'protocolName' | 'protocolBrand'>;

/**
 * Adds the name and brand of each device's protocol in the CAN library (the newest active entry
 * for its protocol code and device type), in one query for the whole page rather than two
 * correlated subqueries per row.
 */
async function withLibraryNames<T extends Omit<DeviceRow, keyof LibraryNames>>(
  db: DbOrTx,
  rows: T[],
): Promise<(T & LibraryNames)[]> {
  const codes = [...new Set(rows.flatMap((r) => (r.protocolCode ? [r.protocolCode] : [])))];
  const library = new Map<string, LibraryNames>();
  if (codes.length) {
    const entries = await db
      .selectDistinctOn([canConfigs.protocol, canConfigs.deviceType], {
        protocol: canConfigs.protocol,
        deviceType: canConfigs.deviceType,
        name: canConfigs.name,
        brand: canConfigs.brand,
      })
      .from(canConfigs)
      .where(inArray(canConfigs.protocol, codes))
      .orderBy(
        canConfigs.protocol,
        canConfigs.deviceType,
        desc(canConfigs.active),
        desc(canConfigs.id),
      );
    for (const e of entries)
      library.set(`${e.deviceType}:${e.protocol}`, {
        protocolName: e.name,
        protocolBrand: e.brand,
      });
  }
  return rows.map((r) => ({
    ...r,
    ...(library.get(`${r.deviceType}:${r.protocolCode ?? ''}`) ?? {
      protocolName: null,
      protocolBrand: null,
    }),
  }));
}

/** How many in-scope ids the first phase of a filtered page looks at (see `listDevices`). */
const SEARCH_WINDOW = 5000;

/**
 * One page of devices in the scope, ordered by id, after `afterId` when given.
 * With a filter, PostgreSQL tends to walk the id index and test each row: quick when matches are
 * common, but it reads the whole table when the few matches sit at high ids. Forcing the filter's
 * own index is the opposite trade. So a filtered page is read in two phases: first only among the
 * next SEARCH_WINDOW in-scope ids (bounded, whatever plan is chosen); only when that yields less
 * than a page, the rest past the window through the filter's index (`id + 0` keeps the planner
 * off the id index), which is then cheap because the matches are evidently rare.
 */
export async function listDevices(
  db: DbOrTx,
  scope: CustomerScope,
  where: SQL | undefined,
  afterId?: number,
  window = SEARCH_WINDOW,
): Promise<DeviceRow[]> {
  const inScope = scopeFilter(scope, devices.customerId);
  const after = afterId === undefined ? undefined : gt(devices.id, afterId);
  const filter = and(inScope, where);
  if (!filter)
    return withLibraryNames(
      db,
      await selectDevices(db).where(after).orderBy(asc(devices.id)).limit(DEVICE_PAGE_SIZE),
    );

  const [edge] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(inScope, after))
    .orderBy(asc(devices.id))
    .offset(window - 1)
    .limit(1);
  const firstPhase = await selectDevices(db)
    .where(and(filter, after, edge ? lte(devices.id, edge.id) : undefined))
    .orderBy(asc(devices.id))
    .limit(DEVICE_PAGE_SIZE);
  if (!edge || firstPhase.length === DEVICE_PAGE_SIZE) return withLibraryNames(db, firstPhase);
  const rest = await selectDevices(db)
    .where(and(filter, gt(devices.id, edge.id)))
    .orderBy(sql`${devices.id} + 0`)
    .limit(DEVICE_PAGE_SIZE - firstPhase.length);
  return withLibraryNames(db, [...firstPhase, ...rest]);
}

export async function countDevices(db: DbOrTx, scope: CustomerScope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(devices)
    .where(scopeFilter(scope, devices.customerId));
  return row?.n ?? 0;
}

/** A device with its configurations and state, when it exists and is in the scope. */
export async function findDeviceDetail(
  db: DbOrTx,
  scope: CustomerScope,
  where: SQL,
): Promise<DeviceDetailRow | undefined> {
  const rows = await selectDeviceDetails(db).where(
    and(where, scopeFilter(scope, devices.customerId)),
  );
  const [row] = await withLibraryNames(db, rows);
  return row;
}

/** The plain device row (for writes), when it exists and is in the scope. */
export async function findDeviceRecord(db: DbOrTx, scope: CustomerScope, where: SQL) {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(where, scopeFilter(scope, devices.customerId)));
  return row;
}

export const byId = (id: number): SQL => eq(devices.id, id);
export const byImei = (imei: string): SQL => eq(devices.imei, imei);

/**
 * "Contains", case-insensitive, as a condition on devices; null when nothing can match.
 * Device columns are matched directly (pg_trgm GIN indexes serve ILIKE '%…%'). Customer,
 * ConfigurationGroup and ProtocolName first look the text up in their small tables and then
 * match devices by the ids found, as literals: a subquery would leave the planner walking the
 * whole id index when few or no devices match (docs/decisions/009-device-lists-search-and-paging.md).
 */
export async function searchCondition(
  db: DbOrTx,
  filter: DeviceSearchFilter,
  text: string,
): Promise<SQL | null> {
  const pattern = containsPattern(text);
  switch (filter) {
    case 'IMEI':
      return ilike(devices.imei, pattern);
    case 'SN':
      return ilike(devices.sn, pattern);
    case 'ICCID':
      return ilike(devices.iccid, pattern);
    case 'Firmware':
      return ilike(devices.firmware, pattern);
    case 'DeviceName':
      return ilike(devices.deviceName, pattern);
    case 'Protocol':
      return ilike(devices.protocolCode, pattern);
    case 'Customer': {
      const rows = await db
        .select({ id: customers.id })
        .from(customers)
        .where(ilike(customers.name, pattern));
      return rows.length
        ? inArray(
            devices.customerId,
            rows.map((r) => r.id),
          )
        : null;
    }
    case 'ConfigurationGroup': {
      const rows = await db
        .select({ id: configurationGroups.id })
        .from(configurationGroups)
        .where(ilike(configurationGroups.name, pattern));
      return rows.length
        ? inArray(
            devices.configurationGroupId,
            rows.map((r) => r.id),
          )
        : null;
    }
    case 'ProtocolName': {
      const rows = await db
        .selectDistinct({ protocol: canConfigs.protocol, deviceType: canConfigs.deviceType })
        .from(canConfigs)
        .where(ilike(canConfigs.name, pattern));
      if (rows.length === 0) return null;
      const pairs = sql.join(
        rows.map((r) => sql`(${r.protocol}, ${r.deviceType}::smallint)`),
        sql`, `,
      );
      return and(
        inArray(devices.protocolCode, [...new Set(rows.map((r) => r.protocol))]),
        sql`(${devices.protocolCode}, ${devices.deviceType}) in (${pairs})`,
      ) as SQL;
    }
  }
}
