import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { selectPrepared } from './prepared';
import { selectShape, type ShapeParam } from './query-shapes';

/** Every column under its own name, as `jsonRows` keys its objects. */
export const aliased = <K extends string>(columns: Record<K, SQLWrapper>) =>
  Object.fromEntries(
    Object.entries<SQLWrapper>(columns).map(([key, column]) => [key, sql`${column}`.as(key)]),
  ) as Record<K, SQL.Aliased>;

/** A column of `jsonRows`'s subquery `p`, for its order: `jsonColumn('Id')`. */
export const jsonColumn = (alias: string): SQL => sql`p.${sql.identifier(alias)}`;

/**
 * The rows of `query` as one JSON array the database builds: a single value crosses the driver
 * instead of rows × columns, which PGlite's protocol reader pays for field by field (about half
 * of a 50-row list page; docs/decisions/039). The query's column aliases
 * become the keys (so alias every column: `aliased`), timestamps arrive as ISO
 * strings, and `order` orders the array, as an aggregate need not keep its input's order.
 */
export async function jsonRows<T>(db: DbOrTx, query: SQLWrapper, order: SQL): Promise<T[]> {
  const [result] = await selectPrepared<{ rows: string }>(db, aggregated(query, order));
  return JSON.parse(result?.rows ?? '[]') as T[];
}

/** `jsonRows` of a query built once per shape (`selectShape`: `key`, `build`, `values`). */
export async function jsonRowsOfShape<T, V extends Record<string, unknown>>(
  db: DbOrTx,
  key: string,
  build: (param: ShapeParam<V>) => SQLWrapper,
  values: V,
  order: SQL,
): Promise<T[]> {
  const [result] = await selectShape<{ rows: string }, V>(
    db,
    key,
    (param) => aggregated(build(param), order),
    values,
  );
  return JSON.parse(result?.rows ?? '[]') as T[];
}

const aggregated = (query: SQLWrapper, order: SQL) =>
  sql`select coalesce(json_agg(p order by ${order}), '[]')::text as rows from (${query}) p`;

// PostgreSQL's JSON form of a timestamptz in a UTC session: seconds, up to 6 fraction digits.
const UTC_JSON_TIME = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00(?::00)?$/;

/**
 * A `jsonRows` timestamp as `Date#toISOString` writes it (milliseconds, 'Z'). UTC sessions'
 * times are rewritten without parsing (V8 parses 6-digit fractions on its slow path); any other
 * offset goes through Date.
 */
export function jsonTime(time: string): string {
  const utc = UTC_JSON_TIME.exec(time);
  if (!utc) return new Date(time).toISOString();
  const fraction = (utc[2] ?? '').padEnd(3, '0').slice(0, 3);
  return `${utc[1] ?? ''}.${fraction}Z`;
}
