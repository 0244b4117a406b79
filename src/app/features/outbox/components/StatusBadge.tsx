import type { EntryStatus } from '@app/features/outbox/model/entries';

/** What a change's state reads as, including the device's follow-up once sent. */
export type ShownStatus = EntryStatus | 'awaiting' | 'processed' | 'executed';

const LOOK: Record<ShownStatus, { label: string; className: string }> = {
  queued: { label: 'Queued', className: 'bg-amber-50 text-amber-800 ring-amber-200' },
  sending: { label: 'Sending', className: 'bg-brand-50 text-brand-800 ring-brand-200' },
  failed: { label: 'Failed', className: 'bg-red-50 text-red-800 ring-red-200' },
  conflict: { label: 'Conflict', className: 'bg-red-50 text-red-800 ring-red-200' },
  sent: { label: 'Sent', className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  awaiting: { label: 'Sent · awaiting device', className: 'bg-sky-50 text-sky-800 ring-sky-200' },
  processed: { label: 'Processed', className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  executed: { label: 'Executed', className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
};

export const statusLabel = (status: ShownStatus) => LOOK[status].label;

export function StatusBadge({ status }: { status: ShownStatus }) {
  const look = LOOK[status];
  return (
    <span
      data-status={status}
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${look.className}`}
    >
      {look.label}
    </span>
  );
}
