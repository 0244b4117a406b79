import { desc, ilike, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { rawMessageSearch, rawMessages } from '@server/db/schema';
import {
  copyRawMessagesForSearch,
  rawMessageSearchReach,
} from '@server/modules/raw-messages/search-indexer';
import { createTestDatabase } from '@server/test/database';
import { searchNewestFirst, type FragmentSearch } from './fragment-search';
import { containsPattern } from './list-resource-source';

let database: Database;
const ROWS = 120;
// Every 2nd row holds "common", every 40th "rare", and rows of the last minute are unsettled.
const messageOf = (i: number) =>
  JSON.stringify({
    n: i,
    tag: `${i % 2 === 0 ? 'common' : 'other'}${i % 40 === 0 ? '-rare' : ''}`,
  });

beforeAll(async () => {
  database = await createTestDatabase();
  const old = Date.now() - 3_600_000;
  await database.db.insert(rawMessages).values(
    Array.from({ length: ROWS }, (_, i) => ({
      imei: '356000000000001',
      validJson: true,
      message: messageOf(i + 1),
      // The newest 10 arrived just now: not settled for the indexer yet.
      timeStampServer: new Date(i >= ROWS - 10 ? Date.now() : old + i * 1000),
    })),
  );
});
afterAll(() => database.close());

const search = (recentRows: number): FragmentSearch => ({
  id: rawMessages.id,
  text: rawMessages.message,
  indexed: { id: rawMessageSearch.id, text: rawMessageSearch.message },
  reach: rawMessageSearchReach,
  recentRows,
});
const select = () => database.db.select({ Id: rawMessages.id }).from(rawMessages).$dynamic();

/** What one ordered query over the whole table answers. */
async function expected(text: string, pageSize: number, before?: number) {
  const rows = await database.db
    .select({ Id: rawMessages.id })
    .from(rawMessages)
    .where(
      before === undefined
        ? ilike(rawMessages.message, containsPattern(text))
        : sql`${rawMessages.id} < ${before} and ${rawMessages.message} ilike ${containsPattern(text)}`,
    )
    .orderBy(desc(rawMessages.id))
    .limit(pageSize);
  return rows.map((r) => r.Id);
}

async function pages(text: string, recentRows: number, pageSize: number) {
  const ids: number[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await searchNewestFirst(database.db, search(recentRows), select, {
      text,
      before,
      pageSize,
    });
    expect(page.map((r) => r.Id)).toEqual(await expected(text, pageSize, before));
    ids.push(...page.map((r) => r.Id));
    if (page.length < pageSize) return ids;
    before = page.at(-1)?.Id;
  }
}

describe('search newest first in two steps', () => {
  it('copies only settled messages, in id order, and reaches as far as it copied', async () => {
    expect(await rawMessageSearchReach(database.db)).toBe(0);
    expect(await copyRawMessagesForSearch(database.db, 50, 5)).toBe(50);
    expect(await rawMessageSearchReach(database.db)).toBe(50);
    expect(await copyRawMessagesForSearch(database.db, 500, 5)).toBe(ROWS - 60);
    expect(await rawMessageSearchReach(database.db)).toBe(ROWS - 10);
    expect(await copyRawMessagesForSearch(database.db, 500, 5)).toBe(0);
  });

  it.each([
    ['common', 1, 7],
    ['common', 5, 7],
    ['rare', 3, 2],
    ['rare', 1000, 2],
    ['"n":11', 4, 3],
    ['nothing-like-this', 3, 5],
  ])(
    'answers what one ordered query would for %s (recent rows %i, page %i)',
    async (text, recent, size) => {
      const ids = await pages(text, recent, size);
      expect(ids).toEqual(await expected(text, ROWS));
    },
  );

  it('finds messages the index does not reach yet', async () => {
    // The newest ten are not copied: a rare fragment among them comes from the first step.
    const ids = await pages('"n":120', 2, 5);
    expect(ids).toEqual(await expected('"n":120', ROWS));
    expect(ids.length).toBe(1);
  });
});
