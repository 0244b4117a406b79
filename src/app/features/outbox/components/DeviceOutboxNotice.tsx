import { Link } from '@tanstack/react-router';
import { focusRing } from '@app/components/ui/focus';
import { isOpen } from '@app/features/outbox/model/entries';
import { useDeviceOutbox } from '@app/features/outbox/use-outbox';
import { StatusBadge } from './StatusBadge';

/**
 * Above a device tab: its changes of `kinds` still in the outbox (queued, sending, failed), each
 * with its state, so the installer sees what they did offline and that it has not reached the
 * server yet.
 */
export function DeviceOutboxNotice({ imei, kinds }: { imei: string; kinds: readonly string[] }) {
  const entries = useDeviceOutbox(imei).filter(
    (entry) => isOpen(entry) && kinds.includes(entry.kind),
  );
  if (entries.length === 0) return null;
  return (
    <section
      aria-label="Changes in the Outbox"
      className="mb-4 rounded-lg bg-amber-50/70 px-3 py-2.5 text-sm ring-1 ring-amber-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-amber-900">
          {entries.length} change(s) not on the server yet
        </p>
        <Link
          to="/outbox"
          className={`inline-flex min-h-11 items-center rounded-sm font-medium text-brand-700 underline-offset-2 hover:underline sm:min-h-0 ${focusRing}`}
        >
          Open Outbox
        </Link>
      </div>
      <ul className="mt-2 space-y-1.5">
        {entries.map((entry) => (
          <li key={entry.mutationId} className="flex items-start gap-2">
            <StatusBadge status={entry.status} />
            <span className="min-w-0 break-words text-slate-800">
              <span className="font-medium">{entry.title}:</span>{' '}
              <span className="font-mono text-[13px]">{entry.detail}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
