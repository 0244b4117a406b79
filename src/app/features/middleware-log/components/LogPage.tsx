import type { LogEntry, LogLevel, LogSearchFilter } from '@shared/log/operator-log';
import {
  formatListTime,
  ListPage,
  useServerList,
  type ListColumn,
  type SearchBinding,
} from '@app/components/list';
import { Badge } from '@app/components/ui/Badge';
import { logList } from '@app/features/middleware-log/api/log-list';

const TONE: Record<LogLevel, 'slate' | 'amber' | 'red'> = {
  Information: 'slate',
  Warning: 'amber',
  Error: 'red',
};

const columns: ListColumn<LogEntry>[] = [
  {
    id: 'time',
    header: 'TimeStamp',
    width: 168,
    card: 'title',
    text: (e) => formatListTime(e.TimeStamp),
  },
  { id: 'message', header: 'Log', card: 'wide', text: (e) => e.Message },
  {
    id: 'level',
    header: 'Level',
    width: 120,
    card: 'badge',
    text: (e) => e.Level,
    cell: (e) => <Badge tone={TONE[e.Level]}>{e.Level}</Badge>,
  },
];

const rowKey = (e: LogEntry) => e.Id;
const NOUN = { one: 'log entry', many: 'log entries' };
const EMPTY = { title: 'No logs found', text: 'The middleware has not logged anything yet.' };
const PLACEHOLDER: Record<LogSearchFilter, string> = {
  Message: 'Search Message…',
  Level: 'Information, Warning or Error',
  TimeStamp: 'DD-MM-YYYY HH:mm:ss (or a part)',
};

/** The middleware's log for admins (spec 02 "Log page"), newest first, by keyset. */
export function LogPage(binding: SearchBinding<LogSearchFilter>) {
  const list = useServerList(logList, binding);
  return (
    <ListPage
      title="Log"
      list={list}
      columns={columns}
      rowKey={rowKey}
      noun={NOUN}
      empty={EMPTY}
      placeholder={PLACEHOLDER[binding.search.filter]}
    />
  );
}
