import { and, desc, eq, lt, sum, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isTachoKind, type TachoKind } from '@shared/tacho/tacho';
import {
  TACHO_PAGE_SIZE,
  TACHO_SEARCH_FIELDS,
  type TachoFileRow,
  type TachoSearchField,
} from '@shared/tacho/tacho-lists';
import { TachoFilePageSchema } from '@shared/tacho/tacho-schemas';
import { TachoTypeQueryEntries } from '@shared/tacho/tacho-schemas';
import { scopeFilter } from '@server/auth/tenancy';
import type { DbOrTx } from '@server/db/client';
import { inlineLimit } from '@server/db/prepared';
import { tachoFileCounts, tachoFiles } from '@server/db/schema';
import { badRequest } from '@server/errors/http-errors';
import type { ListResource } from '@server/http/list-resource';
import { contains } from '@server/http/list-resource-source';
import { newestFileRows, selectFiles } from './rows';

/** The kind a list was asked for (`?type=`, validated by the route's query schema). */
export function kindOf(params: Readonly<Record<string, unknown>> | undefined): TachoKind {
  const kind = params?.type;
  if (!isTachoKind(kind)) throw badRequest({ type: 'Type must be 1 or 2' });
  return kind;
}

/** What each search field of the rtddata lists compares, on a download record. */
export const FILE_SEARCH_COLUMNS: Record<TachoSearchField, PgColumn> = {
  LicensePlate: tachoFiles.licensePlate,
  CardNumber: tachoFiles.cardNumber,
  IMEI: tachoFiles.imei,
  Name: tachoFiles.driverName,
  VIN: tachoFiles.vin,
};

/**
 * The download lists (`rtddata/…?type=`): one kind's records in the caller's scope (by the
 * record's customer), newest first (Id descending), each with its latest remote download
 * request. Pages walk the (kind, id) and (customer, kind, id) indexes backwards; the count
 * reads tacho_file_counts.
 */
export function tachoFileList(db: DbOrTx): ListResource<TachoFileRow, TachoSearchField> {
  return {
    base: 'rtddata',
    access: 'tacho.read',
    tags: ['tacho'],
    idKind: 'tachoFile',
    filters: TACHO_SEARCH_FIELDS,
    page: TachoFilePageSchema,
    params: TachoTypeQueryEntries,
    source: {
      async page(query) {
        const kind = kindOf(query.params);
        const where: (SQL | undefined)[] = [
          eq(tachoFiles.kind, kind),
          scopeFilter(query.scope, tachoFiles.customerId),
        ];
        if (query.search)
          where.push(contains(FILE_SEARCH_COLUMNS[query.search.filter])(query.search.text));
        if (query.customerId !== undefined) where.push(eq(tachoFiles.customerId, query.customerId));
        if (query.after !== undefined) where.push(lt(tachoFiles.id, query.after));
        return newestFileRows(
          db,
          selectFiles(db, kind)
            .where(and(...where))
            .orderBy(desc(tachoFiles.id))
            .limit(inlineLimit(TACHO_PAGE_SIZE)),
        );
      },
      // From the counters the tacho_files triggers keep (migration 0015), not by counting.
      async count(scope, params) {
        const [row] = await db
          .select({ n: sum(tachoFileCounts.files) })
          .from(tachoFileCounts)
          .where(
            and(
              eq(tachoFileCounts.kind, kindOf(params)),
              scopeFilter(scope, tachoFileCounts.customerKey),
            ),
          );
        return Number(row?.n ?? 0);
      },
    },
  };
}
