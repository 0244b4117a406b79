import { and, eq, gte, lt, sum } from 'drizzle-orm';
import {
  LOG_PAGE_SIZE,
  logLevelNamed,
  type LogEntry,
  type LogSearchFilter,
} from '@shared/log/operator-log';
import { timestampSearchRange } from '@shared/api/timestamp-search';
import type { DbOrTx } from '@server/db/client';
import { customerStats, logs } from '@server/db/schema';
import type { ListSource } from '@server/http/list-resource';
import { searchNewestFirst, type FragmentSearch } from '@server/http/fragment-search';
import { contains, keysetSource } from '@server/http/list-resource-source';

const logColumns = {
  Id: logs.id,
  TimeStamp: logs.timeStamp,
  Message: logs.message,
  Level: logs.level,
};

type LogRow = { Id: number; TimeStamp: Date; Message: string; Level: string };

const toLogEntry = (row: LogRow): LogEntry => ({
  Id: row.Id,
  TimeStamp: row.TimeStamp.toISOString(),
  Message: row.Message,
  // Only writeOperatorLog and the seed write levels, both from LOG_LEVELS.
  Level: logLevelNamed(row.Level) ?? 'Information',
});

/**
 * How many entries the log holds, without counting rows: the sum of `customer_stats.logs`, kept
 * by the logs triggers of migration 0004 for every insert and delete (customer 0: entries of no
 * customer). A customer removed later moves nothing: the sum stays exact.
 */
export async function countLogs(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sum(customerStats.logs) }).from(customerStats);
  return Number(row?.n ?? 0);
}

/** Message search: the newest entries by scan, older ones through the trigram index. */
const LOG_MESSAGE_SEARCH: FragmentSearch = {
  id: logs.id,
  text: logs.message,
  indexed: { id: logs.id, text: logs.message },
  // The index is on the log itself: it reaches every entry.
  reach: () => Promise.resolve(Number.MAX_SAFE_INTEGER),
  recentRows: 2000,
};

/** The log, newest first (admins see all of it: no tenant filter). */
export function logSource(db: DbOrTx): ListSource<LogEntry, LogSearchFilter> {
  const source = keysetSource(db, {
    table: logs,
    id: logs.id,
    order: 'desc',
    customerId: null,
    pageSize: LOG_PAGE_SIZE,
    select: () => db.select(logColumns).from(logs).$dynamic(),
    search: {
      Message: contains(logs.message),
      // Equals, case-insensitive: the stored level is always spelled as in LOG_LEVELS, so the
      // (level, id) index serves it.
      Level: (text) => {
        const level = logLevelNamed(text);
        return level ? eq(logs.level, level) : null;
      },
      TimeStamp: (text) => {
        const range = timestampSearchRange(text);
        return range
          ? (and(gte(logs.timeStamp, range.from), lt(logs.timeStamp, range.to)) ?? null)
          : null;
      },
    },
    toItems: (rows) => rows.map(toLogEntry),
  });
  const select = () => db.select(logColumns).from(logs).$dynamic();
  return {
    async page(query) {
      if (query.search?.filter !== 'Message') return source.page(query);
      const rows = await searchNewestFirst(db, LOG_MESSAGE_SEARCH, select, {
        text: query.search.text,
        before: query.after,
        pageSize: LOG_PAGE_SIZE,
      });
      return rows.map(toLogEntry);
    },
    count: () => countLogs(db),
  };
}
