import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql, type Placeholder, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { selectRows, type DbOrTx } from './client';

const dialect = new PgDialect();

/** Statements one PGlite session holds at most; further shapes run unprepared. */
const MAX_STATEMENTS = 256;

interface Session {
  /** standard_conforming_strings is on (what `sqlLiteral` relies on). */
  checked: Promise<void>;
  prepared: Map<string, Promise<void>>;
}
const sessions = new WeakMap<PGlite, Session>();

/** The PGlite session behind a database handle (not a transaction's); null on PostgreSQL. */
export function pgliteOf(db: DbOrTx): PGlite | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}

/**
 * A bind value as an SQL literal for EXECUTE, which takes no bind parameters: an untyped
 * string literal the statement's parameter type reads, quotes doubled (the whole escaping while
 * standard_conforming_strings is on). NUL cannot be in a literal (the text would end there);
 * the API cleans it from all input, so one here is a bug.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    text = String(value);
  else if (value instanceof Date) text = value.toISOString();
  else text = JSON.stringify(value);
  if (text.includes('\0')) throw new Error('a statement value holds a NUL character');
  return `'${text.replaceAll("'", "''")}'`;
}

/** Fails unless standard_conforming_strings is on, which `sqlLiteral`'s escaping needs. */
export async function assertLiteralQuoting(db: DbOrTx): Promise<void> {
  const [setting] = await selectRows<{ on: string }>(
    db,
    sql`select current_setting('standard_conforming_strings') as on`,
  );
  if (setting?.on !== 'on') throw new Error('standard_conforming_strings must be on');
}

function sessionOf(db: DbOrTx, client: PGlite): Session {
  let session = sessions.get(client);
  if (!session) {
    session = { checked: assertLiteralQuoting(db), prepared: new Map() };
    sessions.set(client, session);
  }
  return session;
}

/**
 * The rows of a query, which on PGlite runs as EXECUTE of a statement prepared once per
 * distinct text: PGlite plans in WebAssembly and sends a bound query as five protocol round
 * trips into it, together about as much as a list page's work (docs/decisions/039). The text
 * names the statement (by its hash), so each shape of a query — which filters, how many values
 * — is its own statement, and values only ever travel as literals of EXECUTE. On PostgreSQL,
 * and inside transactions, it runs as an ordinary bound query.
 */
export async function selectPrepared<T>(db: DbOrTx, query: SQLWrapper): Promise<T[]> {
  const client = pgliteOf(db);
  if (!client) return selectRows<T>(db, query.getSQL());
  const { sql: text, params } = dialect.sqlToQuery(query.getSQL());
  return executePrepared(db, client, text, params.map(sqlLiteral), () =>
    selectRows<T>(db, query.getSQL()),
  );
}

/** The statement prepared for a text is named by its hash. */
export const statementName = (text: string): string =>
  `fp_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/**
 * Runs `text` (with $1… parameters) as EXECUTE of the statement prepared for it on this PGlite
 * session, `literals` (from `sqlLiteral`) as its arguments; `unprepared` when the session holds
 * its most statements already.
 */
export async function executePrepared<T>(
  db: DbOrTx,
  client: PGlite,
  text: string,
  literals: readonly string[],
  unprepared: () => Promise<T[]>,
  name = statementName(text),
): Promise<T[]> {
  const session = sessionOf(db, client);
  await session.checked;
  let prepared = session.prepared.get(name);
  if (!prepared) {
    if (session.prepared.size >= MAX_STATEMENTS) return unprepared();
    prepared = client.exec(`prepare ${name} as ${text}`).then(() => undefined);
    session.prepared.set(name, prepared);
    prepared.catch(() => session.prepared.delete(name));
  }
  await prepared;
  const args = literals.length ? `(${literals.join(', ')})` : '';
  return selectRows<T>(db, sql.raw(`execute ${name}${args}`));
}

/**
 * A LIMIT written into a statement's text rather than bound. Bound, PostgreSQL plans a prepared
 * statement's generic plan for an unknown limit (a tenth of the rows), finds it dearer than the
 * custom ones and so plans again on every EXECUTE; written in, the generic plan is the custom
 * one and is kept. Drizzle's `limit()` takes an SQL object at run time (types say a Placeholder).
 */
export function inlineLimit(rows: number): Placeholder {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`not a row count: ${rows}`);
  return sql.raw(String(rows)) as unknown as Placeholder;
}
