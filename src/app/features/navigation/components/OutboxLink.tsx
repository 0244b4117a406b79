import { Link } from '@tanstack/react-router';
import { InboxIcon } from '@app/components/ui/icons';
import { useOpenOutboxCount } from '@app/features/outbox';
import {
  activeDrawerEntryClass,
  activeEntryClass,
  drawerEntryClass,
  topEntryClass,
} from './nav-styles';

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
      {/* Icon and badge only up to xl: the bar must fit at 1024 px. */}
      <span className="sr-only xl:not-sr-only">Outbox</span>
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
      className={drawerEntryClass}
      activeProps={{ className: activeDrawerEntryClass }}
    >
      <InboxIcon className="size-5" />
      <span className="flex-1">Outbox</span>
      <OutboxCount />
    </Link>
  );
}
