import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TACHO_KINDS, type TachoKind } from '@shared/tacho/tacho';
import { TACHO_SEARCH_FIELDS, type TachoSearchField } from '@shared/tacho/tacho-lists';
import type { Database } from '@server/db/client';
import { shapeText } from '@server/db/query-shapes';
import type { ListQuery } from '@server/http/list-resource';
import { createTestDatabase } from '@server/test/database';
import { overviewPageQuery, overviewShapeKey, type PageValues } from './latest-list';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** Every combination of the overview page's choices (values differ, as callers' would). */
function everyQuery(): [TachoKind, ListQuery<TachoSearchField>][] {
  const caller = { userId: 1, role: 'Admin', customerId: 1, isReseller: false } as const;
  const queries: [TachoKind, ListQuery<TachoSearchField>][] = [];
  for (const kind of Object.values(TACHO_KINDS))
    for (const all of [true, false])
      for (const filter of [undefined, ...TACHO_SEARCH_FIELDS])
        for (const customerId of [undefined, 7])
          for (const after of [undefined, 42])
            queries.push([
              kind,
              {
                scope: all ? { all } : { all, customerIds: [1, 2] },
                caller,
                ...(filter ? { search: { filter, text: 'ab' } } : {}),
                ...(customerId ? { customerId } : {}),
                ...(after ? { after } : {}),
              },
            ]);
  return queries;
}

describe('the tacho overview page as a query shape', () => {
  it('has a key for each statement text and a statement text for each key', () => {
    const textOfKey = new Map<string, string>();
    const keyOfText = new Map<string, string>();
    for (const [kind, query] of everyQuery()) {
      const key = overviewShapeKey(kind, query);
      const text = shapeText<PageValues>(key, (param) =>
        overviewPageQuery(database.db, kind, query, param),
      );
      expect(textOfKey.get(key) ?? text).toBe(text);
      expect(keyOfText.get(text) ?? key).toBe(key);
      textOfKey.set(key, text);
      keyOfText.set(text, key);
    }
    expect(textOfKey.size).toBe(2 * 2 * (TACHO_SEARCH_FIELDS.length + 1) * 2 * 2);
  });
});
