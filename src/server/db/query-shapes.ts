import { is, Placeholder, sql, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { selectRows, type DbOrTx } from './client';
import { executePrepared, pgliteOf, sqlLiteral, statementName } from './prepared';

const dialect = new PgDialect();

/** A query's parameter by name: a placeholder while the shape is built, else its value. */
export type ShapeParam<V> = (name: keyof V & string) => SQLWrapper;

interface CompiledShape {
  text: string;
  statement: string;
  /** The parameters' names in $1… order. */
  names: readonly string[];
}

const compiled = new Map<string, CompiledShape>();
/** Keys are code's choices (which filters), not values; a bound keeps a bug from growing it. */
const MAX_SHAPES = 1024;

/**
 * The rows of a query whose statement text is built once per `key` (decisions 040, 063).
 * Drizzle builds the tacho overview's SQL in about as much time as PGlite runs it (4.5 against
 * 7.7 ms a page measured in-process); a shape's text and its parameters' order are kept
 * instead, and each call only writes its values as the literals of EXECUTE, as `selectPrepared`
 * does for every prepared statement on PGlite (whose EXECUTE takes no bind parameters). `build`
 * must take every value through `param` — building the shape fails if one is bound directly —
 * and `key` must name every choice that changes the text (which filters, which kind), never a
 * value: `shapeText` lets a caller's test check that for all its choices. On PostgreSQL and in
 * transactions it builds and binds as usual.
 */
export async function selectShape<T, V extends Record<string, unknown>>(
  db: DbOrTx,
  key: string,
  build: (param: ShapeParam<V>) => SQLWrapper,
  values: V,
): Promise<T[]> {
  const bound = () => selectRows<T>(db, build((name) => sql.param(values[name])).getSQL());
  // Built on both databases, so a value bound directly fails on either.
  let shape = compiled.get(key);
  if (!shape) {
    shape = compile(key, build);
    if (compiled.size < MAX_SHAPES) compiled.set(key, shape);
  }
  const client = pgliteOf(db);
  if (!client) return bound();
  const literals = shape.names.map((name) => {
    if (!(name in values)) throw new Error(`query shape ${key}: no value for ${name}`);
    const value = values[name];
    return sqlLiteral(Array.isArray(value) ? arrayLiteral(value) : value);
  });
  return executePrepared(db, client, shape.text, literals, bound, shape.statement);
}

/** The statement text a shape builds (tests: each of a caller's keys names one text). */
export function shapeText<V>(key: string, build: (param: ShapeParam<V>) => SQLWrapper): string {
  return compile(key, build).text;
}

function compile<V>(key: string, build: (param: ShapeParam<V>) => SQLWrapper): CompiledShape {
  const { sql: text, params } = dialect.sqlToQuery(build((name) => sql.placeholder(name)).getSQL());
  const names = params.map((param) => {
    if (!is(param, Placeholder))
      throw new Error(`query shape ${key}: a value is bound directly, not through param()`);
    return param.name;
  });
  return { text, statement: statementName(text), names };
}

/** A PostgreSQL array literal ('{1,2}', '{"a","b \"c\""}') of numbers or texts. */
export function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((value) => {
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'string') return `"${value.replace(/[\\"]/g, '\\$&')}"`;
    throw new Error('array parameters hold numbers or texts');
  });
  return `{${items.join(',')}}`;
}
