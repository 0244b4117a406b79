import { and, desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { TACHO_KINDS, type TachoKind } from '../../../shared/tacho';
import type { TachoFileRow, TachoRequestState } from '../../../shared/tacho-lists';
import type { DbOrTx } from '../../db/client';
import { inlineLimit } from '../../db/prepared';
import { aliased, jsonColumn, jsonRows, jsonTime } from '../../db/json-rows';
import { customers, devices, modemRequests, tachoFiles, tachoRequests } from '../../db/schema';

/** The columns of a download record as the lists answer it (`toFileRow` finishes them). */
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
};

/** The latest request's columns, as `latestRequestOf` selects them (JSON: times as strings). */
export interface RequestColumns {
  requestId: number | null;
  requestedBy: string | null;
  requestCreated: string | null;
  requestReceived: string | null;
  requestFileId: number | null;
  requestExecuted: string | null;
}

/** A record as `jsonRows` answers it: its columns and its latest request's. */
export interface FileRecord extends RequestColumns {
  Id: number;
  CustomerId: number | null;
  Customer: string | null;
  LicensePlate: string | null;
  Name: string | null;
  CardNumber: string | null;
  IMEI: string | null;
  VIN: string | null;
  FileName: string;
  TimeStampUpload: string;
  TimeStampFrom: string;
  TimeStampTo: string;
  ValidState: number;
}

/** The record columns `latestRequestOf` correlates on. */
export interface RequestSubject {
  deviceId: PgColumn;
  cardNumber: PgColumn;
  customerId: PgColumn;
}

/**
 * A lateral subquery: the latest remote download request of the record's vehicle (its device,
 * kind 1) or driver card (kind 2, asked through a device of the record's customer). It walks
 * an index of tacho_requests backwards ((device, id) / (card, id)) to its first match, so a
 * page costs the same whatever the table's size, and rows and requests come in one statement.
 * The subquery joins, so drizzle qualifies every column and the outer ones stay the record's.
 */
export function latestRequestOf(
  db: DbOrTx,
  kind: TachoKind,
  record: RequestSubject,
  /** The kind as the statement takes it (a shape's parameter); `kind` by default. */
  kindValue: TachoKind | SQLWrapper = kind,
) {
  const requests = db
    .select({
      requestId: tachoRequests.id,
      requestedBy: tachoRequests.requestedBy,
      requestCreated: tachoRequests.created,
      requestReceived: tachoRequests.received,
      requestFileId: tachoRequests.fileId,
      requestExecuted: modemRequests.executed,
    })
    .from(tachoRequests)
    .leftJoin(modemRequests, eq(modemRequests.id, tachoRequests.modemRequestId))
    .$dynamic();
  const matching =
    kind === TACHO_KINDS.vehicle
      ? requests.where(
          and(eq(tachoRequests.deviceId, record.deviceId), eq(tachoRequests.kind, kindValue)),
        )
      : requests
          .innerJoin(devices, eq(devices.id, tachoRequests.deviceId))
          .where(
            and(
              eq(tachoRequests.cardNumber, record.cardNumber),
              eq(tachoRequests.kind, kindValue),
              eq(devices.customerId, record.customerId),
            ),
          );
  return matching.orderBy(desc(tachoRequests.id)).limit(inlineLimit(1)).as('latest_request');
}

/** A subquery's columns for the outer select (`latestRequestOf`'s). */
export const requestColumns = (request: ReturnType<typeof latestRequestOf>) =>
  aliased<keyof RequestColumns>({
    requestId: request.requestId,
    requestedBy: request.requestedBy,
    requestCreated: request.requestCreated,
    requestReceived: request.requestReceived,
    requestFileId: request.requestFileId,
    requestExecuted: request.requestExecuted,
  });

function requestState(r: RequestColumns): TachoRequestState | null {
  if (r.requestId === null) return null;
  return {
    Id: r.requestId,
    Progress:
      r.requestFileId !== null || r.requestReceived !== null
        ? 'received'
        : r.requestExecuted
          ? 'sent'
          : 'requested',
    Created: jsonTime(r.requestCreated ?? '1970-01-01T00:00:00Z'),
    RequestedBy: r.requestedBy === 'scheduler' ? 'scheduler' : 'user',
  };
}

/** A record as the lists answer it, with its latest request. */
export function toFileRow(r: FileRecord): TachoFileRow {
  return {
    Id: r.Id,
    CustomerId: r.CustomerId,
    Customer: r.Customer,
    LicensePlate: r.LicensePlate,
    Name: r.Name,
    CardNumber: r.CardNumber,
    IMEI: r.IMEI,
    VIN: r.VIN,
    FileName: r.FileName,
    TimeStampUpload: jsonTime(r.TimeStampUpload),
    TimeStampFrom: jsonTime(r.TimeStampFrom),
    TimeStampTo: jsonTime(r.TimeStampTo),
    ValidState: r.ValidState,
    Request: requestState(r),
  };
}

/** One kind's records joined to their customer's name and latest request, for `jsonRows`. */
export function selectFiles(db: DbOrTx, kind: TachoKind, kindValue: TachoKind | SQLWrapper = kind) {
  const request = latestRequestOf(db, kind, tachoFiles, kindValue);
  return db
    .select({ ...aliased(fileColumns), ...requestColumns(request) })
    .from(tachoFiles)
    .leftJoin(customers, eq(customers.id, tachoFiles.customerId))
    .leftJoinLateral(request, sql`true`)
    .$dynamic();
}

/** Download records newest first (the lists' and side panels' order), as the lists answer them. */
export async function newestFileRows(
  db: DbOrTx,
  query: ReturnType<typeof selectFiles>,
): Promise<TachoFileRow[]> {
  const records = await jsonRows<FileRecord>(db, query, sql`${jsonColumn('Id')} desc`);
  return records.map(toFileRow);
}
