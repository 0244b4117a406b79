import * as v from 'valibot';
import { listPageSchema } from '@shared/api/list-resource';
import { LOG_LEVELS } from './log-lists';

/**
 * The middleware's log for operators (spec 02 "Log page", §3 Log): `GET log/`, `log/chunk/
 * {lastId}`, `log/search/{filter}/{text}`, `log/all/`, newest first, admins only.
 */

export {
  LOG_LEVELS,
  LOG_SEARCH_FILTERS,
  logLevelNamed,
  type LogLevel,
  type LogSearchFilter,
} from './log-lists';

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
