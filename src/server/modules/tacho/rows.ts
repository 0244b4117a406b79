import { and, desc, eq, inArray } from 'drizzle-orm';
import { TACHO_KINDS } from '../../../shared/tacho';
import type { TachoFileRow, TachoRequestState } from '../../../shared/tacho-lists';
import type { DbOrTx } from '../../db/client';
import { customers, devices, modemRequests, tachoFiles, tachoRequests } from '../../db/schema';

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
  id: number;
  deviceId: number;
  cardNumber: string | null;
  customerId: number | null;
  requestedBy: string;
  created: Date;
  received: Date | null;
  fileId: number | null;
  executed: Date | null;
}

const toRequestState = (r: RequestRow): TachoRequestState => ({
  Id: r.id,
  Progress:
    r.fileId !== null || r.received !== null ? 'received' : r.executed ? 'sent' : 'requested',
  Created: r.created.toISOString(),
  RequestedBy: r.requestedBy === 'scheduler' ? 'scheduler' : 'user',
});

const requestColumns = {
  id: tachoRequests.id,
  deviceId: tachoRequests.deviceId,
  cardNumber: tachoRequests.cardNumber,
  customerId: devices.customerId,
  requestedBy: tachoRequests.requestedBy,
  created: tachoRequests.created,
  received: tachoRequests.received,
  fileId: tachoRequests.fileId,
  executed: modemRequests.executed,
};

const cardKey = (customerId: number | null, card: string) => `${customerId ?? 0}:${card}`;

/**
 * The latest remote download request of each record's vehicle (its device, kind 1) or driver
 * card (kind 2, asked through a device of the record's customer), keyed by record id. Two
 * queries per page, each on an index of tacho_requests (device, id) / (card, id).
 */
async function latestRequests(
  db: DbOrTx,
  records: readonly FileRecord[],
): Promise<Map<number, TachoRequestState>> {
  const deviceIds = new Set<number>();
  const cards = new Set<string>();
  for (const r of records) {
    if (r.kind === TACHO_KINDS.vehicle && r.deviceId !== null) deviceIds.add(r.deviceId);
    if (r.kind === TACHO_KINDS.driver && r.CardNumber) cards.add(r.CardNumber);
  }
  const [byDevice, byCard] = await Promise.all([
    deviceIds.size
      ? db
          .selectDistinctOn([tachoRequests.deviceId], requestColumns)
          .from(tachoRequests)
          .innerJoin(devices, eq(devices.id, tachoRequests.deviceId))
          .leftJoin(modemRequests, eq(modemRequests.id, tachoRequests.modemRequestId))
          .where(
            and(
              eq(tachoRequests.kind, TACHO_KINDS.vehicle),
              inArray(tachoRequests.deviceId, [...deviceIds]),
            ),
          )
          .orderBy(tachoRequests.deviceId, desc(tachoRequests.id))
      : [],
    cards.size
      ? db
          .selectDistinctOn([tachoRequests.cardNumber, devices.customerId], requestColumns)
          .from(tachoRequests)
          .innerJoin(devices, eq(devices.id, tachoRequests.deviceId))
          .leftJoin(modemRequests, eq(modemRequests.id, tachoRequests.modemRequestId))
          .where(
            and(
              eq(tachoRequests.kind, TACHO_KINDS.driver),
              inArray(tachoRequests.cardNumber, [...cards]),
            ),
          )
          .orderBy(tachoRequests.cardNumber, devices.customerId, desc(tachoRequests.id))
      : [],
  ]);
  const deviceLatest = new Map<number, RequestRow>();
  for (const r of byDevice) if (!deviceLatest.has(r.deviceId)) deviceLatest.set(r.deviceId, r);
  const cardLatest = new Map<string, RequestRow>();
  for (const r of byCard) {
    const key = cardKey(r.customerId, r.cardNumber ?? '');
    if (!cardLatest.has(key)) cardLatest.set(key, r);
  }
  const found = new Map<number, TachoRequestState>();
  for (const record of records) {
    const request =
      record.kind === TACHO_KINDS.vehicle
        ? record.deviceId !== null
          ? deviceLatest.get(record.deviceId)
          : undefined
        : record.CardNumber
          ? cardLatest.get(cardKey(record.CustomerId, record.CardNumber))
          : undefined;
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
