import { Skeleton } from '../../../components/ui/Skeleton';

/** The list's shape while it loads: table rows on desktops, cards on phones. */
export function HistorySkeleton({ desktop }: { desktop: boolean }) {
  if (!desktop) {
    return (
      <div role="status" aria-label="Loading device tests" className="flex flex-col gap-3">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
    );
  }
  return (
    <div role="status" aria-label="Loading device tests">
      <div className="flex h-10 items-center gap-6 border-b border-slate-200 bg-slate-50 px-4">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-3 flex-1" />
        ))}
      </div>
      {Array.from({ length: 8 }, (_, row) => (
        <div key={row} className="flex h-11 items-center gap-6 border-b border-slate-100 px-4">
          <Skeleton className="size-4 shrink-0" />
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-3 flex-1" />
          ))}
        </div>
      ))}
    </div>
  );
}
