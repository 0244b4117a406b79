import { eq, sql, type SQL } from 'drizzle-orm';
import { TACHO_KINDS } from '../../../shared/tacho';
import type { TachoFileRow, TachoRequestState } from '../../../shared/tacho-lists';
import { selectRows, type DbOrTx } from '../../db/client';
import { customers, tachoFiles } from '../../db/schema';

/** The columns of a download record as the lists answer it (`toFileRows` finishes them). */
export const fileColumns = {
  Id: tachoFiles.id,
  CustomerId: tachoFiles.customerId,
  Customer: customers.name,
  LicensePlate: tachoFiles.licensePlate,
  Name: tachoFiles.driverName,
  CardNumber: tachoFiles.cardNumber,
  IMEI: tachoFiles.imei,
  VIN: tachoFiles.vin,
  FileName: tachoFiles.fileName,
  TimeStampUpload: tachoFiles.uploadedAt,
  TimeStampFrom: tachoFiles.periodFrom,
  TimeStampTo: tachoFiles.periodTo,
  ValidState: tachoFiles.validState,
  kind: tachoFiles.kind,
  deviceId: tachoFiles.deviceId,
};

export interface FileRecord {
  Id: number;
  CustomerId: number | null;
  Customer: string | null;
  LicensePlate: string | null;
  Name: string | null;
  CardNumber: string | null;
  IMEI: string | null;
  VIN: string | null;
  FileName: string;
  TimeStampUpload: Date;
  TimeStampFrom: Date;
  TimeStampTo: Date;
  ValidState: number;
  kind: number;
  deviceId: number | null;
}

interface RequestRow {
  key: string;
  id: number | string;
  requestedBy: string;
  created: Date | string;
  received: Date | string | null;
  fileId: number | string | null;
  executed: Date | string | null;
}

const toRequestState = (r: RequestRow): TachoRequestState => ({
  Id: Number(r.id),
  Progress:
    r.fileId !== null || r.received !== null ? 'received' : r.executed ? 'sent' : 'requested',
  Created: new Date(r.created).toISOString(),
  RequestedBy: r.requestedBy === 'scheduler' ? 'scheduler' : 'user',
});

const REQUEST_COLUMNS = sql.raw(`r.id, r.requested_by as "requestedBy", r.created, r.received,
  r.file_id as "fileId", m.executed`);

const deviceKey = (deviceId: number) => `d${deviceId}`;
const cardKey = (customerId: number, card: string) => `c${customerId}:${card}`;

/**
 * The latest remote download request of each record's vehicle (its device, kind 1) or driver
 * card (kind 2, asked through a device of the record's customer), keyed by record id. One
 * lateral lookup per vehicle or card of the page, each walking an index of tacho_requests
 * backwards ((device, id) / (card, id)) to its first match: a page costs the same whatever
 * the table's size.
 */
async function latestRequests(
  db: DbOrTx,
  records: readonly FileRecord[],
): Promise<Map<number, TachoRequestState>> {
  const vehicles = new Set<number>();
  const cards = new Map<string, { customerId: number; card: string }>();
  for (const r of records) {
    if (r.kind === TACHO_KINDS.vehicle && r.deviceId !== null) vehicles.add(r.deviceId);
    if (r.kind === TACHO_KINDS.driver && r.CardNumber && r.CustomerId !== null)
      cards.set(cardKey(r.CustomerId, r.CardNumber), {
        customerId: r.CustomerId,
        card: r.CardNumber,
      });
  }
  const values = (rows: SQL[]) => sql.join(rows, sql`, `);
  const [byDevice, byCard] = await Promise.all([
    vehicles.size
      ? selectRows<RequestRow>(
          db,
          sql`select 'd' || k.device_id as key, ${REQUEST_COLUMNS}
            from (values ${values([...vehicles].map((id) => sql`(${id}::int)`))}) k(device_id)
            cross join lateral (
              select * from tacho_requests r
              where r.device_id = k.device_id and r.kind = ${TACHO_KINDS.vehicle}
              order by r.id desc limit 1
            ) r
            left join modem_requests m on m.id = r.modem_request_id`,
        )
      : [],
    cards.size
      ? selectRows<RequestRow>(
          db,
          sql`select 'c' || k.customer_id || ':' || k.card as key, ${REQUEST_COLUMNS}
            from (values ${values(
              [...cards.values()].map((c) => sql`(${c.customerId}::int, ${c.card}::text)`),
            )}) k(customer_id, card)
            cross join lateral (
              select r.* from tacho_requests r join devices d on d.id = r.device_id
              where r.card_number = k.card and r.kind = ${TACHO_KINDS.driver}
                and d.customer_id = k.customer_id
              order by r.id desc limit 1
            ) r
            left join modem_requests m on m.id = r.modem_request_id`,
        )
      : [],
  ]);
  const latest = new Map([...byDevice, ...byCard].map((r) => [r.key, r]));
  const found = new Map<number, TachoRequestState>();
  for (const record of records) {
    const key =
      record.kind === TACHO_KINDS.vehicle
        ? record.deviceId !== null && deviceKey(record.deviceId)
        : record.CardNumber &&
          record.CustomerId !== null &&
          cardKey(record.CustomerId, record.CardNumber);
    const request = key ? latest.get(key) : undefined;
    if (request) found.set(record.Id, toRequestState(request));
  }
  return found;
}

/** Records as the lists answer them, each with its latest request. */
export async function toFileRows(
  db: DbOrTx,
  records: readonly FileRecord[],
): Promise<TachoFileRow[]> {
  const requests = await latestRequests(db, records);
  return records.map(({ kind: _kind, deviceId: _deviceId, ...r }) => ({
    ...r,
    TimeStampUpload: r.TimeStampUpload.toISOString(),
    TimeStampFrom: r.TimeStampFrom.toISOString(),
    TimeStampTo: r.TimeStampTo.toISOString(),
    Request: requests.get(r.Id) ?? null,
  }));
}

/** `customer_id` of tacho_files joined to its customer's name, for `fileColumns`. */
export const selectFiles = (db: DbOrTx) =>
  db
    .select(fileColumns)
    .from(tachoFiles)
    .leftJoin(customers, eq(customers.id, tachoFiles.customerId))
    .$dynamic();
