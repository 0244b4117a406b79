import { Link } from '@tanstack/react-router';
import { InboxIcon } from '../../../components/ui/icons';
import { useOpenOutboxCount } from '../../outbox/use-outbox';
import { activeEntryClass, topEntryClass } from './nav-styles';

/** The count of queued and failed changes; nothing when there are none. */
export function OutboxCount({ className = '' }: { className?: string }) {
  const count = useOpenOutboxCount();
  if (count === 0) return null;
  return (
    <span
      data-outbox-count={count}
      aria-label={`${count} change(s) not sent`}
      className={`inline-grid min-w-5 place-items-center rounded-full bg-amber-500 px-1.5 text-[11px] leading-5 font-semibold text-white ${className}`}
    >
      {count}
    </span>
  );
}

/** Desktop top bar: the Outbox with its badge, next to the Account menu. */
export function OutboxTopLink() {
  return (
    <Link
      to="/outbox"
      data-outbox-link=""
      className={topEntryClass}
      activeProps={{ className: activeEntryClass }}
    >
      <InboxIcon className="size-4" />
      Outbox
      <OutboxCount className="ml-1" />
    </Link>
  );
}

/** Phone drawer: the Outbox as the first row, badge on the right. */
export function OutboxDrawerLink({ onNavigate }: { onNavigate: () => void }) {
  return (
    <Link
      to="/outbox"
      data-outbox-link=""
      onClick={onNavigate}
      className="flex min-h-11 items-center gap-2 rounded-lg px-3 text-base text-slate-700 hover:bg-slate-100"
      activeProps={{ className: 'bg-brand-50 font-semibold text-brand-800 hover:bg-brand-50' }}
    >
      <InboxIcon className="size-5" />
      <span className="flex-1">Outbox</span>
      <OutboxCount />
    </Link>
  );
}
