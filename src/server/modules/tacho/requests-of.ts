import { and, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { TACHO_KINDS, type TachoKind } from '@shared/tacho/tacho';
import type { DbOrTx } from '@server/db/client';
import { aliased } from '@server/db/json-rows';
import { inlineLimit } from '@server/db/prepared';
import { devices, modemRequests, tachoFiles, tachoRequests } from '@server/db/schema';

/* The remote download request each tacho row shows, as lateral subqueries of the row's statement. */

/** The latest request's columns, as `latestRequestOf` selects them (JSON: times as strings). */
export interface RequestColumns {
  requestId: number | null;
  requestedBy: string | null;
  requestCreated: string | null;
  requestReceived: string | null;
  requestFileId: number | null;
  requestExecuted: string | null;
}

/** The record columns `latestRequestOf` correlates on. */
export interface RequestSubject {
  deviceId: PgColumn;
  cardNumber: PgColumn;
  customerId: PgColumn;
}

/** A request's columns with its modem request's progress, for the lateral subqueries. */
export const requestSelect = (db: DbOrTx) =>
  db
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

/**
 * A lateral subquery: the latest remote download request of the record's vehicle (its device,
 * kind 1) or driver card (kind 2, asked through a device of the record's customer). It walks
 * an index of tacho_requests backwards ((device, id) / (card, id)) to its first match, so a
 * page costs the same whatever the table's size, and rows and requests come in one statement.
 * The subquery joins, so drizzle qualifies every column and the outer ones stay the record's.
 * `gate`, a condition on the record alone, leaves the subquery empty for the records it fails.
 */
export function latestRequestOf(
  db: DbOrTx,
  kind: TachoKind,
  record: RequestSubject,
  /** The kind as the statement takes it (a shape's parameter); `kind` by default. */
  kindValue: TachoKind | SQLWrapper = kind,
  gate?: SQL,
) {
  const requests = requestSelect(db);
  const matching =
    kind === TACHO_KINDS.vehicle
      ? requests.where(
          and(eq(tachoRequests.deviceId, record.deviceId), eq(tachoRequests.kind, kindValue), gate),
        )
      : requests
          .innerJoin(devices, eq(devices.id, tachoRequests.deviceId))
          .where(
            and(
              eq(tachoRequests.cardNumber, record.cardNumber),
              eq(tachoRequests.kind, kindValue),
              eq(devices.customerId, record.customerId),
              gate,
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

/**
 * No later file of the record's vehicle (device, kind 1) or driver card (in the record's
 * customer, kind 2): the record is the newest one, the one a request still on its way belongs to.
 * Served by tacho_files (device, id) and (card, id) where kind = 2.
 */
export function isNewestOfSubject(
  kind: TachoKind,
  record: RequestSubject & { fileId: PgColumn },
): SQL {
  const later = sql`n.id > ${record.fileId} and n.kind = ${sql.raw(String(kind))}`;
  return kind === TACHO_KINDS.vehicle
    ? sql`not exists (select 1 from ${tachoFiles} n
        where n.device_id = ${record.deviceId} and ${later})`
    : sql`not exists (select 1 from ${tachoFiles} n
        where n.card_number = ${record.cardNumber} and ${later}
          and n.customer_id = ${record.customerId})`;
}

/**
 * The remote download request a download record shows (issue 25: old rows repeated the device's
 * latest request): the request this file answered (`tacho_files.request_id`); on the newest file
 * of its vehicle or card, instead, a request made since that file arrived and not answered yet
 * (the next download on its way). Every other row shows its own request or none.
 * Two lateral subqueries: the answered one by primary key, the open one as the subject's latest
 * request (an index walk to its first match), only evaluated for the newest file.
 */
export function fileRequestOf(db: DbOrTx, kind: TachoKind, kindValue: TachoKind | SQLWrapper) {
  const answered = requestSelect(db)
    .where(eq(tachoRequests.id, tachoFiles.requestId))
    .limit(inlineLimit(1))
    .as('answered_request');
  const newest = isNewestOfSubject(kind, {
    fileId: tachoFiles.id,
    deviceId: tachoFiles.deviceId,
    cardNumber: tachoFiles.cardNumber,
    customerId: tachoFiles.customerId,
  });
  const latest = latestRequestOf(db, kind, tachoFiles, kindValue, newest);
  const open = sql`(${latest.requestId} is not null and ${latest.requestFileId} is null
    and ${latest.requestReceived} is null and ${latest.requestCreated} >= ${tachoFiles.uploadedAt})`;
  const pick = (key: keyof RequestColumns) =>
    sql`case when ${open} then ${latest[key]} else ${answered[key]} end`;
  return {
    columns: aliased<keyof RequestColumns>({
      requestId: pick('requestId'),
      requestedBy: pick('requestedBy'),
      requestCreated: pick('requestCreated'),
      requestReceived: pick('requestReceived'),
      requestFileId: pick('requestFileId'),
      requestExecuted: pick('requestExecuted'),
    }),
    joins: <Q extends PgSelect>(query: Q) =>
      query.leftJoinLateral(answered, sql`true`).leftJoinLateral(latest, sql`true`),
  };
}
