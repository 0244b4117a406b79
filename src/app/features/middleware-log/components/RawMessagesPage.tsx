import type { RawMessage, RawMessageSearchFilter } from '@shared/devices/raw-messages';
import {
  formatListTime,
  ListPage,
  useServerList,
  type ExpandOptions,
  type ListColumn,
  type SearchBinding,
} from '@app/components/list';
import { rawMessageList } from '@app/features/middleware-log/api/raw-message-list';
import { readableMessage } from '@app/features/middleware-log/model/raw-message-text';

const columns: ListColumn<RawMessage>[] = [
  {
    id: 'time',
    header: 'TimeStamp',
    width: 168,
    card: 'title',
    text: (m) => formatListTime(m.TimeStampServer),
  },
  {
    id: 'valid',
    header: 'Valid JSON',
    width: 104,
    card: 'badge',
    text: (m) => (m.ValidJson ? 'Yes' : 'No'),
  },
  // One line with an ellipsis; the row's details show it whole.
  { id: 'message', header: 'RawMessage', card: 'wide', minWidth: 240, text: (m) => m.Message },
];

const rowKey = (m: RawMessage) => m.Id;
const NOUN = { one: 'message', many: 'messages' };
const EMPTY = { title: 'No messages found', text: 'No device has sent a message yet.' };

const expand: ExpandOptions<RawMessage> = {
  id: (m) => `raw-message-${m.Id}`,
  label: (m, open) => `${open ? 'Hide' : 'Show'} message ${m.Id}`,
  render: (m) => (
    <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-all rounded-md bg-slate-50 p-3 font-mono text-xs text-slate-800">
      {readableMessage(m.Message, m.ValidJson)}
    </pre>
  ),
};

/** Every device's raw messages for admins (spec 02 "Raw Messages page"), newest first. */
export function RawMessagesPage(binding: SearchBinding<RawMessageSearchFilter>) {
  const list = useServerList(rawMessageList, binding);
  return (
    <ListPage
      title="Raw Messages"
      list={list}
      columns={columns}
      rowKey={rowKey}
      noun={NOUN}
      empty={EMPTY}
      expand={expand}
      endText="End of Data"
    />
  );
}
