import type { ReactNode } from 'react';
import { UnlessOffline } from '@app/components/layout/OfflineFallback';
import { Button } from '@app/components/ui/Button';
import { EmptyState } from '@app/components/ui/EmptyState';
import { InboxIcon, SearchIcon } from '@app/components/ui/icons';
import { Skeleton } from '@app/components/ui/Skeleton';

/**
 * The list's shape while its first page loads: a table's header and rows, or cards on phones.
 * Offline, with nothing saved to show, it says so instead of spinning.
 */
export function ListSkeleton({
  label,
  cards,
  columns,
}: {
  label: string;
  cards: boolean;
  columns: number;
}) {
  return cards ? (
    <CardsSkeleton label={label} />
  ) : (
    <TableSkeleton label={label} columns={columns} />
  );
}

function TableSkeleton({ label, columns }: { label: string; columns: number }) {
  const blocks = Math.min(Math.max(columns, 3), 10);
  return (
    <UnlessOffline>
      <div role="status" aria-label={label} className="min-h-96">
        <div className="flex h-10 items-center gap-6 border-b border-slate-200 bg-slate-50 px-4">
          {Array.from({ length: blocks }, (_, i) => (
            <Skeleton key={i} className="h-3 flex-1" />
          ))}
        </div>
        {Array.from({ length: 10 }, (_, row) => (
          <div key={row} className="flex h-11 items-center gap-6 border-b border-slate-100 px-4">
            {Array.from({ length: blocks }, (_, i) => (
              <Skeleton key={i} className={`h-3 flex-1 ${i % 3 === row % 3 ? 'opacity-60' : ''}`} />
            ))}
          </div>
        ))}
      </div>
    </UnlessOffline>
  );
}

function CardsSkeleton({ label }: { label: string }) {
  return (
    <UnlessOffline framed>
      <div role="status" aria-label={label} className="flex flex-col gap-3">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="mt-2 h-4 w-28" />
            <div className="mt-4 grid grid-cols-2 gap-3">
              {Array.from({ length: 4 }, (_, j) => (
                <Skeleton key={j} className="h-8" />
              ))}
            </div>
          </div>
        ))}
      </div>
    </UnlessOffline>
  );
}

/** What a screen says when its list is empty. */
export interface EmptyText {
  /** The spec's text, exactly: 'No devices found'. */
  title: string;
  /** Under it when nothing is filtered ('There are no devices for your account yet.'). */
  text?: ReactNode;
  /** Under it when a search or customer filter is on. */
  filteredText?: ReactNode;
}

const FILTERED_TEXT = 'Nothing matches this search. Try another filter or fewer characters.';

/** An empty list, with a way back to the whole list when a filter is on. */
export function EmptyList({
  empty,
  filtered,
  onClear,
}: {
  empty: EmptyText;
  filtered: boolean;
  onClear: () => void;
}) {
  return (
    <EmptyState
      icon={filtered ? SearchIcon : InboxIcon}
      title={empty.title}
      action={
        filtered ? (
          <Button variant="secondary" onClick={onClear}>
            Clear search
          </Button>
        ) : undefined
      }
    >
      {filtered ? (empty.filteredText ?? FILTERED_TEXT) : empty.text}
    </EmptyState>
  );
}
