import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { TachoKind } from '@shared/tacho/tacho';
import type { TachoFileRow, TachoRequestState } from '@shared/tacho/tacho-lists';
import type { DbOrTx } from '@server/db/client';
import { aliased, jsonColumn, jsonRows, jsonTime } from '@server/db/json-rows';
import { customers, tachoFiles } from '@server/db/schema';
import { fileRequestOf, type RequestColumns } from './requests-of';

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

/**
 * One kind's records joined to their customer's name and the request each shows
 * (`fileRequestColumns`), for `jsonRows`.
 */
export function selectFiles(db: DbOrTx, kind: TachoKind, kindValue: TachoKind | SQLWrapper = kind) {
  const { columns, joins } = fileRequestOf(db, kind, kindValue);
  return joins(
    db
      .select({ ...aliased(fileColumns), ...columns })
      .from(tachoFiles)
      .leftJoin(customers, eq(customers.id, tachoFiles.customerId))
      .$dynamic(),
  );
}

/** Download records newest first (the lists' and side panels' order), as the lists answer them. */
export async function newestFileRows(
  db: DbOrTx,
  query: ReturnType<typeof selectFiles>,
): Promise<TachoFileRow[]> {
  const records = await jsonRows<FileRecord>(db, query, sql`${jsonColumn('Id')} desc`);
  return records.map(toFileRow);
}
