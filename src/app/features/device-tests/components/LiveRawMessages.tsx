import type { TestRawMessage } from '@shared/devices/device-tests';
import { Card } from '@app/components/ui/Card';
import { EmptyState } from '@app/components/ui/EmptyState';
import { InboxIcon } from '@app/components/ui/icons';
import { formatListDate } from '@app/components/list';

/** The device's messages as they arrive, newest first. */
export function LiveRawMessages({ messages }: { messages: readonly TestRawMessage[] }) {
  return (
    <Card title="Raw messages">
      {messages.length === 0 ? (
        <EmptyState icon={InboxIcon} title="No messages yet">
          New messages of the device appear here as they arrive.
        </EmptyState>
      ) : (
        // Focusable, so keyboard users can scroll it (axe: scrollable-region-focusable).
        <div
          role="region"
          aria-label="Raw messages, newest first"
          tabIndex={0}
          className="focus-visible:outline-brand-600 max-h-[28rem] overflow-y-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          <ol aria-label="Raw messages" className="divide-y divide-slate-100">
            {messages.map((m) => (
              <li key={m.Id} className="py-2.5 first:pt-0">
                <p className="text-xs font-medium text-slate-500 tabular-nums">
                  {formatListDate(m.TimeStampServer)}
                </p>
                <code className="mt-0.5 block text-xs break-all text-slate-700">{m.Message}</code>
              </li>
            ))}
          </ol>
        </div>
      )}
    </Card>
  );
}
