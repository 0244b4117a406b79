import { and, desc, gt, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { selectRows, type DbOrTx } from '@server/db/client';
import { containsPattern } from './list-resource-source';

/**
 * "Contains" search of a list read newest first (log, raw messages) at a million rows, in two
 * steps (docs/decisions/032):
 *
 * 1. the newest `recentRows` rows below the cursor (and every row the trigram index does not
 *    reach yet), by a backward scan of the id: a fragment that many rows hold fills its page here;
 * 2. only if that did not fill the page, the trigram index for the older rows: a rare fragment
 *    is found without reading the table.
 *
 * A trigram index alone makes a common fragment a scan and sort of every match; a backward scan
 * alone reads the whole table for a rare one.
 */
export interface FragmentSearch {
  /** The list's id and text columns. */
  id: PgColumn;
  text: PgColumn;
  /** The trigram-indexed copy of (id, text): the list's own columns or a search table. */
  indexed: { id: PgColumn; text: PgColumn };
  /** The highest id the index reaches (every row up to it is indexed). */
  reach: (db: DbOrTx) => Promise<number>;
  recentRows: number;
}

/** Largest id of the list (below `before`), 0 when none. */
async function newestId(db: DbOrTx, id: PgColumn, before: number | undefined): Promise<number> {
  const table = id.table;
  const [row] = await db
    .select({ id })
    .from(table)
    .where(before === undefined ? undefined : lt(id, before))
    .orderBy(desc(id))
    .limit(1);
  return Number(row?.id ?? 0);
}

/** The page's rows: `select()` gives the list's columns (`db.select(cols).from(table).$dynamic()`). */
export async function searchNewestFirst<TQuery extends PgSelect>(
  db: DbOrTx,
  search: FragmentSearch,
  select: () => TQuery,
  query: { text: string; before?: number; pageSize: number },
): Promise<Awaited<TQuery>> {
  const pattern = containsPattern(query.text);
  const { id, text, indexed } = search;
  const [top, reach] = await Promise.all([newestId(db, id, query.before), search.reach(db)]);
  const floor = Math.max(0, Math.min(reach, top - search.recentRows));
  const below = (column: PgColumn): SQL | undefined =>
    query.before === undefined ? undefined : lt(column, query.before);

  const recent = await select()
    .where(and(gt(id, floor), below(id), ilike(text, pattern)))
    .orderBy(desc(id))
    .limit(query.pageSize);
  const missing = query.pageSize - recent.length;
  if (missing <= 0 || floor === 0) return recent;

  // Every match of the index below the floor first (a bitmap scan: MATERIALIZED keeps the
  // planner from walking the id backwards through a rare fragment), then the newest of them.
  const older = await selectRows<{ id: number | string }>(
    db,
    sql`with matches as materialized (
      select ${indexed.id} as id from ${indexed.id.table}
      where ${indexed.id} <= ${floor} and ${indexed.text} ilike ${pattern}
    ) select id from matches order by id desc limit ${missing}`,
  );
  if (older.length === 0) return recent;
  const rest = await select()
    .where(
      inArray(
        id,
        older.map((r) => Number(r.id)),
      ),
    )
    .orderBy(desc(id));
  return [...recent, ...rest] as Awaited<TQuery>;
}
