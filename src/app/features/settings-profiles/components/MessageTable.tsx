import {
  MESSAGE_COLUMNS,
  type ProfileMessage,
} from '@shared/settings-profiles/settings-profile-fields';
import { useMediaQuery } from '@app/components/list';
import { RowIconButton } from '@app/components/list/table';
import { EraserIcon, PencilIcon } from '@app/components/ui/icons';

interface MessageTableProps {
  messages: readonly ProfileMessage[];
  onEdit: (index: number) => void;
  onClear: (index: number) => void;
}

/** Tablets and up have room for the seventeen columns; phones get a card per message. */
const TABLE_QUERY = '(min-width: 768px)';

/**
 * The three message configurations' triggers under spec 03 §2's column names (Message, Time,
 * TripStart …), each with edit and clear: a table from tablets up, a compact card per message
 * on phones (no sideways scrolling in a cab).
 */
export function MessageTable(props: MessageTableProps) {
  return useMediaQuery(TABLE_QUERY) ? <Table {...props} /> : <Cards {...props} />;
}

function Actions({
  index,
  onEdit,
  onClear,
}: { index: number } & Omit<MessageTableProps, 'messages'>) {
  return (
    <>
      <RowIconButton
        icon={PencilIcon}
        label={`Edit message ${index}`}
        title="Edit"
        onClick={() => {
          onEdit(index);
        }}
      />
      <RowIconButton
        icon={EraserIcon}
        tone="danger"
        label={`Clear message ${index}`}
        title="Clear"
        onClick={() => {
          onClear(index);
        }}
      />
    </>
  );
}

const HEAD = 'px-1.5 py-2 text-xs font-semibold whitespace-nowrap text-slate-600';

function Table({ messages, ...actions }: MessageTableProps) {
  return (
    <div className="-mx-1 overflow-x-auto px-1">
      <table aria-label="Message configurations" className="w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className={`${HEAD} text-left`}>
              Message
            </th>
            {MESSAGE_COLUMNS.map(({ flag, label }) => (
              <th key={flag} scope="col" title={flag} className={`${HEAD} text-right`}>
                {label}
              </th>
            ))}
            <th scope="col" className="sticky right-0 bg-white">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {messages.map((message) => (
            <tr key={message.index} className="border-b border-slate-100">
              <th scope="row" className="px-1.5 py-1 text-left font-medium text-slate-900">
                {message.index}
              </th>
              {MESSAGE_COLUMNS.map(({ flag }) => (
                <td
                  key={flag}
                  className={`px-1.5 py-1 text-right tabular-nums ${message[flag] === 0 ? 'text-slate-500' : 'text-slate-900'}`}
                >
                  {message[flag]}
                </td>
              ))}
              <td className="sticky right-0 bg-white py-1 pl-2 whitespace-nowrap">
                <Actions index={message.index} {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cards({ messages, ...actions }: MessageTableProps) {
  return (
    <ul aria-label="Message configurations" className="grid gap-3">
      {messages.map((message) => (
        <li key={message.index} className="rounded-lg ring-1 ring-slate-200">
          <div className="flex items-center justify-between border-b border-slate-100 py-1 pr-1 pl-3">
            <h3 className="text-sm font-semibold text-slate-900">Message {message.index}</h3>
            <span className="flex">
              <Actions index={message.index} {...actions} />
            </span>
          </div>
          <dl className="grid grid-cols-4 gap-x-2 gap-y-2 p-3">
            {MESSAGE_COLUMNS.map(({ flag, label }) => (
              <div key={flag} className="min-w-0">
                <dt className="truncate text-xs text-slate-600">{label}</dt>
                <dd className="text-sm text-slate-900 tabular-nums">{message[flag]}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
