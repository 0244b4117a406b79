import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { createTestDatabase } from '@server/test/database';
import { jsonColumn, jsonRows, jsonTime } from './json-rows';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('jsonRows', () => {
  it('answers the rows as objects keyed by alias, in the given order, [] for none', async () => {
    const query = sql`select g as "N", 'x' || g as "Text", null::int as "Nothing"
      from generate_series(1, 3) g`;
    expect(await jsonRows(database.db, query, sql`${jsonColumn('N')} desc`)).toEqual([
      { N: 3, Text: 'x3', Nothing: null },
      { N: 2, Text: 'x2', Nothing: null },
      { N: 1, Text: 'x1', Nothing: null },
    ]);
    const none = sql`select 1 as "N" where false`;
    expect(await jsonRows(database.db, none, jsonColumn('N'))).toEqual([]);
  });

  it("answers timestamps that jsonTime turns into Date#toISOString's form", async () => {
    const query = sql`select t as "T" from (values
      ('2026-11-24T18:39:41.123456Z'::timestamptz), ('2026-01-02T03:04:05Z'::timestamptz),
      ('2026-01-02T03:04:05.5Z'::timestamptz)) v(t)`;
    const rows = await jsonRows<{ T: string }>(database.db, query, jsonColumn('T'));
    expect(rows.map((r) => jsonTime(r.T))).toEqual([
      '2026-01-02T03:04:05.000Z',
      '2026-01-02T03:04:05.500Z',
      '2026-11-24T18:39:41.123Z',
    ]);
  });
});

describe('jsonTime', () => {
  it('rewrites UTC times and parses any other offset', () => {
    expect(jsonTime('1990-01-01T00:00:00+00:00')).toBe('1990-01-01T00:00:00.000Z');
    expect(jsonTime('2026-11-24T18:39:41.1+00')).toBe('2026-11-24T18:39:41.100Z');
    expect(jsonTime('2026-11-24T18:39:41.999999+00:00')).toBe('2026-11-24T18:39:41.999Z');
    expect(jsonTime('2026-11-24T19:39:41.25+01:00')).toBe('2026-11-24T18:39:41.250Z');
    expect(jsonTime('2026-11-24T18:39:41Z')).toBe('2026-11-24T18:39:41.000Z');
  });
});
