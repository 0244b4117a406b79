import type { TestRawMessage } from '../../../../shared/device-tests';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { InboxIcon } from '../../../components/ui/icons';
import { formatListDate } from '../../../components/list';

/** The device's messages as they arrive, newest first. */
export function LiveRawMessages({ messages }: { messages: readonly TestRawMessage[] }) {
  return (
    <Card title="Raw messages">
      {messages.length === 0 ? (
        <EmptyState icon={InboxIcon} title="No messages yet">
          New messages of the device appear here as they arrive.
        </EmptyState>
      ) : (
        <ol
          aria-label="Raw messages"
          className="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto"
        >
          {messages.map((m) => (
            <li key={m.Id} className="py-2.5 first:pt-0">
              <p className="text-xs font-medium text-slate-500 tabular-nums">
                {formatListDate(m.TimeStampServer)}
              </p>
              <code className="mt-0.5 block text-xs break-all text-slate-700">{m.Message}</code>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
