import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { selectRows } from './client';
import { createTestDatabase } from '@server/test/database';
import { inlineLimit, selectPrepared } from './prepared';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table prepared_probe (id int primary key, name text)`);
  await database.db.execute(
    sql`insert into prepared_probe select g, 'name ' || g from generate_series(1, 20) g`,
  );
});
afterAll(() => database.close());

const statements = async () =>
  selectRows<{ name: string; generic: number }>(
    database.db,
    sql`select name, generic_plans as generic from pg_prepared_statements
      where statement like '%prepared_probe%'`,
  );

const byName = (name: string) =>
  sql`select id, name from prepared_probe where name = ${name} order by id`;

describe('selectPrepared', () => {
  it('answers what the bound query answers, for any text', async () => {
    await database.db.execute(sql`insert into prepared_probe values
      (101, 'it''s'), (102, 'back\\slash'), (103, '$1 ''); drop table prepared_probe; --')`);
    for (const name of ["it's", 'back\\slash', "$1 '); drop table prepared_probe; --", 'none']) {
      expect(await selectPrepared(database.db, byName(name))).toEqual(
        await selectRows(database.db, byName(name)),
      );
    }
    expect(await selectPrepared(database.db, byName("it's"))).toEqual([{ id: 101, name: "it's" }]);
    const [count] = await selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from prepared_probe`,
    );
    expect(count?.n).toBe(23);
  });

  it('passes numbers, null, booleans and dates as values of their parameters', async () => {
    const rows = await selectPrepared<{ n: number; nothing: null; yes: boolean; at: string }>(
      database.db,
      sql`select ${41}::int + 1 as n, ${null}::int as nothing, ${true}::boolean as yes,
        to_char(${new Date('2026-01-02T03:04:05Z')}::timestamptz at time zone 'UTC',
          'YYYY-MM-DD HH24:MI') as at`,
    );
    expect(rows).toEqual([{ n: 42, nothing: null, yes: true, at: '2026-01-02 03:04' }]);
  });

  it('refuses a NUL in a value rather than cut the statement short', async () => {
    // PostgreSQL refuses it in a bound text as well.
    const refusal = database.kind === 'pglite' ? /NUL/ : /./;
    await expect(selectPrepared(database.db, byName('a\0b'))).rejects.toThrow(refusal);
  });

  it('on PGlite prepares one statement per shape and keeps its generic plan with inlineLimit', async () => {
    const page = (from: number) =>
      sql`select id from prepared_probe where id > ${from} order by id limit ${inlineLimit(3)}`;
    for (let i = 0; i < 8; i++)
      expect(await selectPrepared<{ id: number }>(database.db, page(i))).toEqual([
        { id: i + 1 },
        { id: i + 2 },
        { id: i + 3 },
      ]);
    const prepared = await statements();
    if (database.kind === 'postgres') {
      // A pool has no one session to prepare in: bound queries, no statements.
      expect(prepared).toEqual([]);
      return;
    }
    const pageStatements = prepared.filter((s) => s.name.startsWith('fp_'));
    // byName's shape and the page's.
    expect(pageStatements).toHaveLength(2);
    expect(Math.max(...pageStatements.map((s) => s.generic))).toBeGreaterThan(0);
  });

  it('runs bound inside a transaction', async () => {
    const rows = await database.db.transaction((tx) =>
      selectPrepared<{ id: number }>(tx, sql`select id from prepared_probe where id = ${7}`),
    );
    expect(rows).toEqual([{ id: 7 }]);
  });

  it('writes only row counts into the text', () => {
    expect(() => inlineLimit(-1)).toThrow();
    expect(() => inlineLimit(1.5)).toThrow();
  });
});
