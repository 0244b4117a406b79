import * as v from 'valibot';
import { listPageSchema } from './list-resource';

/**
 * The middleware's log for operators (spec 02 "Log page", §3 Log): `GET log/`, `log/chunk/
 * {lastId}`, `log/search/{filter}/{text}`, `log/all/`, newest first, admins only.
 */

export const LOG_LEVELS = ['Information', 'Warning', 'Error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The level a search text names (equals, case-insensitive), or undefined for none. */
export const logLevelNamed = (text: string): LogLevel | undefined =>
  LOG_LEVELS.find((level) => level.toLowerCase() === text.trim().toLowerCase());

/**
 * Message: contains, case-insensitive. Level: equals one of LOG_LEVELS, case-insensitive.
 * TimeStamp: a date/time prefix as shown, see timestamp-search.ts.
 */
export const LOG_SEARCH_FILTERS = ['Message', 'Level', 'TimeStamp'] as const;
export type LogSearchFilter = (typeof LOG_SEARCH_FILTERS)[number];

/** Pages of the log and of the raw messages: 50, newest first (spec 01 §4). */
export const LOG_PAGE_SIZE = 50;

export const LogEntrySchema = v.object({
  Id: v.number(),
  /** ISO instant. */
  TimeStamp: v.string(),
  Message: v.string(),
  Level: v.picklist(LOG_LEVELS),
});
export type LogEntry = v.InferOutput<typeof LogEntrySchema>;

export const LogPageSchema = listPageSchema(LogEntrySchema, {
  base: 'log',
  pageSize: LOG_PAGE_SIZE,
  noun: 'log entries',
  order: 'desc',
});
