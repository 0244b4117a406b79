import { and, asc, count, desc, eq, gt, ilike, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { scopeFilter } from '@server/auth/tenancy';
import type { DbOrTx } from '@server/db/client';
import type { ListCursor, ListQuery, ListSource } from './list-resource';

/** `%text%` for ILIKE with the text's own wildcards (`%`, `_`, `\`) taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The search condition of a text column: contains the text, case-insensitive. */
export const contains =
  (column: PgColumn | SQL) =>
  (text: string): SQL =>
    ilike(column, containsPattern(text));

/** How to find the rows that match a search text; null when none can. */
export type SearchCondition = (text: string) => SQL | null | Promise<SQL | null>;

export interface KeysetSourceOptions<TQuery extends PgSelect, TItem, TFilter extends string> {
  /** The resource's table (counted) and its id column (the keyset). */
  table: PgTable;
  id: PgColumn;
  /** 'desc': newest first, the next page below the last id (log, raw messages). */
  order?: 'asc' | 'desc';
  /** The column naming the row's customer, scoped by tenancy; null for lists of no tenant. */
  customerId: PgColumn | null;
  /**
   * Rows of no customer are the provider's, shared with everyone (endpoints the devices of all
   * customers use): in every caller's list and in every customer's list. Otherwise they are
   * outside every scope but an admin's.
   */
  shared?: boolean;
  pageSize: number;
  /**
   * The rows as the list answers them, with their joins but without where, order or limit:
   * `() => db.select(columns).from(table).leftJoin(…).$dynamic()`.
   */
  select: () => TQuery;
  /** What each searchable field matches (see `contains`). */
  search: Record<TFilter, SearchCondition>;
  /** Turns a page of rows into answers (a DTO mapping, lookups for the page); identity if absent. */
  toItems?: (
    rows: Awaited<TQuery>,
    query: ListQuery<TFilter, ListCursor>,
  ) => TItem[] | Promise<TItem[]>;
}

/**
 * The usual `ListSource`: a keyset page of one table's rows in the caller's scope. Rows of no
 * customer are outside every scope but an admin's, as everywhere else, unless `shared`.
 * `TCursor` is the id's type (a number, or a uuid's text).
 */
export function keysetSource<
  TQuery extends PgSelect,
  TFilter extends string,
  TItem = Awaited<TQuery>[number],
  TCursor extends ListCursor = number,
>(
  db: DbOrTx,
  options: KeysetSourceOptions<TQuery, TItem, TFilter>,
): ListSource<TItem, TFilter, TCursor> {
  const { table, id, customerId, pageSize } = options;
  const newestFirst = options.order === 'desc';
  const orShared = (condition: SQL | undefined) =>
    customerId && options.shared && condition ? or(isNull(customerId), condition) : condition;
  const inScope = (query: Pick<ListQuery<TFilter, TCursor>, 'scope'>) =>
    customerId ? orShared(scopeFilter(query.scope, customerId)) : undefined;
  const toItems = options.toItems ?? ((rows: Awaited<TQuery>) => rows as unknown as TItem[]);

  return {
    async page(query) {
      let matches: SQL | undefined;
      if (query.search) {
        const condition = await options.search[query.search.filter](query.search.text);
        if (!condition) return [];
        matches = condition;
      }
      const where = and(
        inScope(query),
        matches,
        query.customerId !== undefined && customerId
          ? orShared(eq(customerId, query.customerId))
          : undefined,
        query.after === undefined ? undefined : (newestFirst ? lt : gt)(id, query.after),
      );
      const rows = await options
        .select()
        .where(where)
        .orderBy(newestFirst ? desc(id) : asc(id))
        .limit(pageSize);
      return toItems(rows, query);
    },

    async count(scope) {
      const [row] = await db.select({ n: count() }).from(table).where(inScope({ scope }));
      return row?.n ?? 0;
    },
  };
}
