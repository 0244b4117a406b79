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
/** Tests build every shape (on both databases) and compare: a key that misses a choice fails. */
const VERIFY = process.env.VITEST !== undefined;

/**
 * The rows of a query whose statement text is built once per `key` (decision 040). Drizzle
 * builds a list page's SQL in about as much time as PGlite runs it; a shape's text and its
 * parameters' order are kept instead, and each call only quotes its values. `build` must take
 * every value through `param` — building the shape fails if one is bound directly — and `key`
 * must name every choice that changes the text (which filters, which kind), never a value.
 * On PostgreSQL and in transactions it builds and binds as usual.
 */
export async function selectShape<T, V extends Record<string, unknown>>(
  db: DbOrTx,
  key: string,
  build: (param: ShapeParam<V>) => SQLWrapper,
  values: V,
): Promise<T[]> {
  const bound = () => selectRows<T>(db, build((name) => sql.param(values[name])).getSQL());
  const client = pgliteOf(db);
  if (!client && !VERIFY) return bound();
  let shape = compiled.get(key);
  if (!shape || VERIFY) {
    const built = compile(key, build);
    if (shape && shape.text !== built.text)
      throw new Error(`query shape ${key}: the key does not name every choice of the text`);
    shape = built;
    if (compiled.size < MAX_SHAPES) compiled.set(key, shape);
  }
  if (!client) return bound();
  const literals = shape.names.map((name) => {
    if (!(name in values)) throw new Error(`query shape ${key}: no value for ${name}`);
    const value = values[name];
    return sqlLiteral(Array.isArray(value) ? arrayLiteral(value) : value);
  });
  return executePrepared(db, client, shape.text, literals, bound, shape.statement);
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
