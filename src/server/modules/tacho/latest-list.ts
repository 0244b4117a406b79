import { and, asc, count, eq, like, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { TACHO_KINDS, type TachoKind } from '../../../shared/tacho';
import {
  TACHO_PAGE_SIZE,
  TACHO_SEARCH_FIELDS,
  type TachoLatestRow,
  type TachoSearchField,
} from '../../../shared/tacho-lists';
import { TachoLatestPageSchema, TachoTypeQueryEntries } from '../../../shared/tacho-schemas';
import { scopeFilter, type CustomerScope } from '../../auth/tenancy';
import type { DbOrTx } from '../../db/client';
import { customers, tachoLatest } from '../../db/schema';
import type { ListResource } from '../../http/list-resource';
import { contains, containsPattern } from '../../http/list-resource-source';
import { kindOf } from './files-list';
import { latestRequestOf, requestColumns, toFileRow, type FileRecord } from './rows';
import { aliased, jsonColumn, jsonRows } from '../../db/json-rows';
import { inlineLimit } from '../../db/prepared';

/** An overview row as a record: the row carries its record's copy (migration 0015). */
const latestColumns = {
  LatestId: tachoLatest.id,
  Id: tachoLatest.fileId,
  CustomerId: tachoLatest.customerId,
  Customer: customers.name,
  LicensePlate: tachoLatest.licensePlate,
  Name: tachoLatest.driverName,
  CardNumber: tachoLatest.cardNumber,
  IMEI: tachoLatest.imei,
  VIN: tachoLatest.vin,
  FileName: sql`coalesce(${tachoLatest.fileName}, '')`,
  TimeStampUpload: sql`coalesce(${tachoLatest.uploadedAt}, ${tachoLatest.periodTo})`,
  TimeStampFrom: sql`coalesce(${tachoLatest.periodFrom}, ${tachoLatest.periodTo})`,
  TimeStampTo: tachoLatest.periodTo,
  ValidState: sql`coalesce(${tachoLatest.validState}, 0)`,
};

/**
 * An overview row's search condition: its subject (plate or driver name) through the row's
 * lower-case copy (LIKE on it costs less than half of ILIKE, decision 039), other fields on the
 * record's copies the row carries (migration 0015), so a search never joins the records table.
 * The folded subject, IMEI and card number have trigram indexes.
 */
function searchCondition(kind: TachoKind, field: TachoSearchField, text: string): SQL {
  const subject = kind === TACHO_KINDS.vehicle ? 'LicensePlate' : 'Name';
  if (field === subject)
    return like(tachoLatest.subjectFolded, sql`lower(${containsPattern(text)})`);
  const columns: Record<TachoSearchField, PgColumn> = {
    LicensePlate: tachoLatest.licensePlate,
    Name: tachoLatest.driverName,
    CardNumber: tachoLatest.cardNumber,
    IMEI: tachoLatest.imei,
    VIN: tachoLatest.vin,
  };
  return contains(columns[field])(text);
}

/**
 * Rows after the cursor row in the overview's order (period_to, id). A cursor that names no
 * row of this list (gone, another kind, out of scope) ends the list.
 */
function afterCursor(kind: TachoKind, scope: CustomerScope, after: number): SQL {
  const ids = scope.all ? [] : scope.customerIds;
  const inScope = scope.all
    ? sql``
    : ids.length
      ? sql`and c.customer_key in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`and false`;
  return sql`(${tachoLatest.periodTo}, ${tachoLatest.id}) > (
    select c.period_to, c.id from ${tachoLatest} c
    where c.id = ${after} and c.kind = ${kind} ${inScope})`;
}

/**
 * The overviews (`rtddata/latest/…?type=`): the latest record per licence plate (1) or driver
 * name (2) and customer, from tacho_latest. Most urgent first: ordered by the record's data end
 * (period_to, the unknown period 1990 first), then the row's id — the order of days left and of
 * the next RDL date alike. The cursor stays the row's Id (the list kit's contract); the page
 * after it starts behind that row's (period_to, id). A row whose vehicle downloads meanwhile
 * moves further down, so a list read across that download may show it twice or skip one row.
 */
export function tachoLatestList(db: DbOrTx): ListResource<TachoLatestRow, TachoSearchField> {
  return {
    base: 'rtddata/latest',
    access: 'tacho.read',
    tags: ['tacho'],
    idKind: 'tachoFile',
    filters: TACHO_SEARCH_FIELDS,
    page: TachoLatestPageSchema,
    params: TachoTypeQueryEntries,
    source: {
      async page(query) {
        const kind = kindOf(query.params);
        const where: (SQL | undefined)[] = [
          eq(tachoLatest.kind, kind),
          scopeFilter(query.scope, tachoLatest.customerKey),
        ];
        if (query.search) where.push(searchCondition(kind, query.search.filter, query.search.text));
        if (query.customerId !== undefined)
          where.push(eq(tachoLatest.customerKey, query.customerId));
        if (query.after !== undefined) where.push(afterCursor(kind, query.scope, query.after));
        const request = latestRequestOf(db, kind, tachoLatest);
        const page = db
          .select({ ...aliased(latestColumns), ...requestColumns(request) })
          .from(tachoLatest)
          .leftJoin(customers, eq(customers.id, tachoLatest.customerId))
          .leftJoinLateral(request, sql`true`)
          .where(and(...where))
          .orderBy(asc(tachoLatest.periodTo), asc(tachoLatest.id))
          .limit(inlineLimit(TACHO_PAGE_SIZE));
        const rows = await jsonRows<FileRecord & { LatestId: number }>(
          db,
          page,
          sql`${jsonColumn('TimeStampTo')}, ${jsonColumn('LatestId')}`,
        );
        return rows.map(({ LatestId, ...record }) => ({
          ...toFileRow(record),
          Id: LatestId,
          FileId: record.Id,
        }));
      },
      async count(scope, params) {
        const [row] = await db
          .select({ n: count() })
          .from(tachoLatest)
          .where(
            and(eq(tachoLatest.kind, kindOf(params)), scopeFilter(scope, tachoLatest.customerKey)),
          );
        return row?.n ?? 0;
      },
    },
  };
}
