import { UnlessOffline } from '../../../components/layout/OfflineFallback';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Skeleton } from '../../../components/ui/Skeleton';
import { SearchIcon } from '../../../components/ui/icons';

/** The table's shape while the first page loads: a header bar and rows of grey blocks. */
export function DeviceTableSkeleton() {
  return (
    <UnlessOffline>
      <TablePlaceholder />
    </UnlessOffline>
  );
}

function TablePlaceholder() {
  return (
    <div role="status" aria-label="Loading devices" className="min-h-96">
      <div className="flex h-10 items-center gap-6 border-b border-slate-200 bg-slate-50 px-4">
        {Array.from({ length: 9 }, (_, i) => (
          <Skeleton key={i} className="h-3 flex-1" />
        ))}
      </div>
      {Array.from({ length: 10 }, (_, row) => (
        <div key={row} className="flex h-11 items-center gap-6 border-b border-slate-100 px-4">
          <Skeleton className="size-4 shrink-0" />
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className={`h-3 flex-1 ${i % 3 === row % 3 ? 'opacity-60' : ''}`} />
          ))}
        </div>
      ))}
    </div>
  );
}

export function DeviceCardsSkeleton() {
  return (
    <UnlessOffline framed>
      <CardsPlaceholder />
    </UnlessOffline>
  );
}

function CardsPlaceholder() {
  return (
    <div role="status" aria-label="Loading devices" className="flex flex-col gap-3">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="mt-2 h-4 w-28" />
          <div className="mt-4 grid grid-cols-2 gap-3">
            {Array.from({ length: 6 }, (_, j) => (
              <Skeleton key={j} className="h-8" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** 'No devices found' (spec 02), with a way back to the whole list when a filter is on. */
export function NoDevices({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <EmptyState
      icon={SearchIcon}
      title="No devices found"
      action={
        filtered ? (
          <Button variant="secondary" onClick={onClear}>
            Clear search
          </Button>
        ) : undefined
      }
    >
      {filtered
        ? 'Nothing matches this search. Try another filter or fewer characters.'
        : 'There are no devices for your account yet.'}
    </EmptyState>
  );
}
