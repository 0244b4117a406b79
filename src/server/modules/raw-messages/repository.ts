import { sum } from 'drizzle-orm';
import {
  RAW_MESSAGE_PAGE_SIZE,
  type RawMessage,
  type RawMessageSearchFilter,
} from '@shared/devices/raw-messages';
import type { DbOrTx } from '@server/db/client';
import { messageCountsDaily, rawMessageSearch, rawMessages } from '@server/db/schema';
import { searchNewestFirst, type FragmentSearch } from '@server/http/fragment-search';
import type { ListSource } from '@server/http/list-resource';
import { contains, keysetSource } from '@server/http/list-resource-source';
import { rawMessageSearchReach } from './search-indexer';

export const rawMessageColumns = {
  Id: rawMessages.id,
  TimeStampServer: rawMessages.timeStampServer,
  ValidJson: rawMessages.validJson,
  Message: rawMessages.message,
};

export const toRawMessage = (row: {
  Id: number;
  TimeStampServer: Date;
  ValidJson: boolean;
  Message: string;
}): RawMessage => ({ ...row, TimeStampServer: row.TimeStampServer.toISOString() });

/**
 * How many raw messages are stored, without counting rows: the sum of the daily counters
 * (counters.ts), which every insert updates in its transaction (customer 0: unassigned devices)
 * and the seed rebuilds; nothing deletes raw messages.
 */
export async function countRawMessages(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sum(messageCountsDaily.total) }).from(messageCountsDaily);
  return Number(row?.n ?? 0);
}

/** Message search: the newest rows by scan, older ones through the search table's index. */
const RAW_MESSAGE_SEARCH: FragmentSearch = {
  id: rawMessages.id,
  text: rawMessages.message,
  indexed: { id: rawMessageSearch.id, text: rawMessageSearch.message },
  reach: rawMessageSearchReach,
  recentRows: 2000,
};

/** Every device's messages, newest first (admins only: no tenant filter). */
export function rawMessageSource(db: DbOrTx): ListSource<RawMessage, RawMessageSearchFilter> {
  const source = keysetSource(db, {
    table: rawMessages,
    id: rawMessages.id,
    order: 'desc',
    customerId: null,
    pageSize: RAW_MESSAGE_PAGE_SIZE,
    select: () => db.select(rawMessageColumns).from(rawMessages).$dynamic(),
    search: { Message: contains(rawMessages.message) },
    toItems: (rows) => rows.map(toRawMessage),
  });
  const select = () => db.select(rawMessageColumns).from(rawMessages).$dynamic();
  return {
    async page(query) {
      if (!query.search) return source.page(query);
      const rows = await searchNewestFirst(db, RAW_MESSAGE_SEARCH, select, {
        text: query.search.text,
        before: query.after,
        pageSize: RAW_MESSAGE_PAGE_SIZE,
      });
      return rows.map(toRawMessage);
    },
    count: () => countRawMessages(db),
  };
}
