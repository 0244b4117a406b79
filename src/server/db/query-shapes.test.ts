import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { selectRows } from './client';
import { createTestDatabase } from '@server/test/database';
import { arrayLiteral, selectShape, shapeText, type ShapeParam } from './query-shapes';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(
    sql`create table shape_probe (id int primary key, name text, at timestamptz)`,
  );
  await database.db.execute(sql`insert into shape_probe values
    (1, 'plain', '2026-01-01T00:00:00Z'), (2, 'it''s', '2026-02-01T00:00:00Z'),
    (3, 'back\\slash "quoted"', '2026-03-01T00:00:00Z'), (4, '{brace},comma', '2026-04-01T00:00:00Z'),
    (5, 'NULL', '2026-05-01T00:00:00Z')`);
});
afterAll(() => database.close());

interface Probe extends Record<string, unknown> {
  names: string[];
  after: Date;
  ids: number[];
}
const probe = (param: ShapeParam<Probe>) =>
  sql`select id from shape_probe where name = any(${param('names')}) and at >= ${param('after')}
    and id = any(${param('ids')}) order by id`;
const run = (values: Probe, db = database.db) =>
  selectShape<{ id: number }, Probe>(db, 'shape-probe', probe, values);

describe('selectShape', () => {
  it('answers what the bound query answers, whatever the texts hold', async () => {
    const all = ['plain', "it's", 'back\\slash "quoted"', '{brace},comma', 'NULL', 'none'];
    const values = { names: all, after: new Date('2026-01-15T00:00:00Z'), ids: [1, 2, 3, 4, 5] };
    expect(await run(values)).toEqual([{ id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }]);
    // The same in a transaction (bound on both databases) and with other values of the shape.
    expect(await database.db.transaction((tx) => run(values, tx))).toEqual(await run(values));
    expect(await run({ names: ["it's", 'plain'], after: new Date(0), ids: [1, 2, 9] })).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
    expect(await run({ names: [], after: new Date(0), ids: [1] })).toEqual([]);
    const [count] = await selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from shape_probe`,
    );
    expect(count?.n).toBe(5);
  });

  it('refuses a shape that binds a value directly, so no value is kept in a shape', async () => {
    await expect(
      selectShape(database.db, 'shape-bound', () => sql`select ${1}::int as n`, {}),
    ).rejects.toThrow(/bound directly/);
  });

  it('keeps the first text built for a key: a caller’s keys must name its choices', async () => {
    const build = (descending: boolean) => () =>
      sql.raw(`select id from shape_probe order by id ${descending ? 'desc' : 'asc'} limit 1`);
    expect(shapeText('probe', build(true))).toContain('desc');
    expect(await selectShape(database.db, 'shape-order', build(false), {})).toEqual([{ id: 1 }]);
    const reused = await selectShape(database.db, 'shape-order', build(true), {});
    // PostgreSQL builds and binds each call; PGlite runs the key's first text.
    const expected = database.kind === 'pglite' ? [{ id: 1 }] : [{ id: 5 }];
    expect(reused).toEqual(expected);
  });

  it('writes arrays of numbers and texts as PostgreSQL array literals', () => {
    expect(arrayLiteral([1, 2.5, -3])).toBe('{1,2.5,-3}');
    expect(arrayLiteral(['a', 'b "c"', 'd\\e', ''])).toBe('{"a","b \\"c\\"","d\\\\e",""}');
    expect(() => arrayLiteral([{}])).toThrow();
    expect(() => arrayLiteral([Number.NaN])).toThrow();
  });
});
