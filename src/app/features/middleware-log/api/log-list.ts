import { LOG_PAGE_SIZE, LOG_SEARCH_FILTERS, LogPageSchema } from '@shared/log/operator-log';
import { listPaths, type ListPaths } from '@shared/api/list-resource';
import { toTimestampSearchText } from '@shared/api/timestamp-search';
import { serverListSource } from '@app/components/list/model';

const plain = listPaths('log');

/**
 * The log's calls, except that a TimeStamp search sends the instant range the typed prefix
 * means in this browser's timezone (the table shows local times; src/shared/api/timestamp-search.ts).
 */
const paths: ListPaths = {
  ...plain,
  search: (filter, text, customer, after) =>
    plain.search(
      filter,
      filter === 'TimeStamp' ? toTimestampSearchText(text) : text,
      customer,
      after,
    ),
};

/**
 * The middleware's log (spec 02 "Log page"): `GET log/`, `log/chunk/{lastId}`,
 * `log/search/{filter}/{text}?after=`, `log/all/`, newest first in pages of 50.
 */
export const logList = serverListSource({
  key: ['log'],
  paths,
  pageSize: LOG_PAGE_SIZE,
  page: LogPageSchema,
  filters: LOG_SEARCH_FILTERS,
  rows: 'log entries',
});
