import { and, asc, count, eq, ilike, like, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { TACHO_KINDS, type TachoKind } from '@shared/tacho/tacho';
import {
  TACHO_PAGE_SIZE,
  TACHO_SEARCH_FIELDS,
  type TachoLatestRow,
  type TachoSearchField,
} from '@shared/tacho/tacho-lists';
import { TachoLatestPageSchema, TachoTypeQueryEntries } from '@shared/tacho/tacho-schemas';
import { scopeFilter } from '@server/auth/tenancy';
import type { DbOrTx } from '@server/db/client';
import { customers, tachoLatest } from '@server/db/schema';
import type { ListQuery, ListResource } from '@server/http/list-resource';
import { containsPattern } from '@server/http/list-resource-source';
import { kindOf } from './files-list';
import { isNewestOfSubject, latestRequestOf, requestColumns } from './requests-of';
import { toFileRow, type FileRecord } from './rows';
import { aliased, jsonColumn, jsonRowsOfShape } from '@server/db/json-rows';
import type { ShapeParam } from '@server/db/query-shapes';
import { inlineLimit } from '@server/db/prepared';

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
 * The folded subject, IMEI and card number have trigram indexes. `pattern`: `containsPattern`.
 */
function searchCondition(kind: TachoKind, field: TachoSearchField, pattern: SQLWrapper): SQL {
  const subject = kind === TACHO_KINDS.vehicle ? 'LicensePlate' : 'Name';
  if (field === subject) return like(tachoLatest.subjectFolded, sql`lower(${pattern})`);
  const columns: Record<TachoSearchField, PgColumn> = {
    LicensePlate: tachoLatest.licensePlate,
    Name: tachoLatest.driverName,
    CardNumber: tachoLatest.cardNumber,
    IMEI: tachoLatest.imei,
    VIN: tachoLatest.vin,
  };
  return ilike(columns[field], pattern);
}

/** What an overview page's statement takes as parameters (`selectShape`). */
export interface PageValues extends Record<string, unknown> {
  kind: number;
  /** The caller's customers (unused for admins). */
  customerIds: number[];
  pattern: string;
  customerId: number;
  after: number;
}

/**
 * Rows after the cursor row in the overview's order (period_to, id). A cursor that names no
 * row of this list (gone, another kind, out of scope) ends the list.
 */
function afterCursor(scoped: boolean, param: ShapeParam<PageValues>): SQL {
  const inScope = scoped ? sql`and c.customer_key = any(${param('customerIds')})` : sql``;
  return sql`(${tachoLatest.periodTo}, ${tachoLatest.id}) > (
    select c.period_to, c.id from ${tachoLatest} c
    where c.id = ${param('after')} and c.kind = ${param('kind')} ${inScope})`;
}

/** Names every choice of `query` that changes the page's statement text (`selectShape`). */
export function overviewShapeKey(kind: TachoKind, query: ListQuery<TachoSearchField>): string {
  return [
    'tacho-latest',
    kind,
    query.scope.all ? 'all' : 'scoped',
    query.search?.filter ?? '',
    query.customerId === undefined ? '' : 'customer',
    query.after === undefined ? '' : 'after',
  ].join(':');
}

/** The page's statement for one shape: which filters `query` uses; its values are params. */
export function overviewPageQuery(
  db: DbOrTx,
  kind: TachoKind,
  query: ListQuery<TachoSearchField>,
  param: ShapeParam<PageValues>,
) {
  const scoped = !query.scope.all;
  const where: (SQL | undefined)[] = [
    eq(tachoLatest.kind, param('kind')),
    scoped ? sql`${tachoLatest.customerKey} = any(${param('customerIds')})` : undefined,
  ];
  if (query.search) where.push(searchCondition(kind, query.search.filter, param('pattern')));
  if (query.customerId !== undefined) where.push(eq(tachoLatest.customerKey, param('customerId')));
  if (query.after !== undefined) where.push(afterCursor(scoped, param));
  // The vehicle's or driver's latest request, on the row of its device's (card's) newest file
  // only: another plate the device once served does not repeat it.
  const newest = isNewestOfSubject(kind, tachoLatest);
  const request = latestRequestOf(db, kind, tachoLatest, param('kind'), newest);
  return db
    .select({ ...aliased(latestColumns), ...requestColumns(request) })
    .from(tachoLatest)
    .leftJoin(customers, eq(customers.id, tachoLatest.customerId))
    .leftJoinLateral(request, sql`true`)
    .where(and(...where))
    .orderBy(asc(tachoLatest.periodTo), asc(tachoLatest.id))
    .limit(inlineLimit(TACHO_PAGE_SIZE));
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
        const key = overviewShapeKey(kind, query);
        const values: PageValues = {
          kind,
          customerIds: query.scope.all ? [] : query.scope.customerIds,
          pattern: query.search ? containsPattern(query.search.text) : '',
          customerId: query.customerId ?? 0,
          after: query.after ?? 0,
        };
        const rows = await jsonRowsOfShape<FileRecord & { LatestId: number }, PageValues>(
          db,
          key,
          (param) => overviewPageQuery(db, kind, query, param),
          values,
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
