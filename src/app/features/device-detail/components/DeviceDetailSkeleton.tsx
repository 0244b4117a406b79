import { UnlessOffline } from '@app/components/layout/OfflineFallback';
import { Skeleton } from '@app/components/ui/Skeleton';

/** The page's shape while the device loads: title, the tab list, a form. */
export function DeviceDetailSkeleton() {
  return (
    <UnlessOffline framed>
      <DevicePlaceholder />
    </UnlessOffline>
  );
}

function DevicePlaceholder() {
  return (
    <div role="status" aria-label="Loading the device">
      <Skeleton className="mb-2 h-7 w-48" />
      <Skeleton className="mb-6 h-4 w-64" />
      <div className="md:grid md:grid-cols-[12rem_1fr] md:gap-6 lg:grid-cols-[13rem_1fr]">
        <div className="mb-4 md:mb-0">
          <Skeleton className="h-12 w-full md:hidden" />
          <div className="hidden space-y-2 md:block">
            {Array.from({ length: 9 }, (_, i) => (
              <Skeleton key={i} className="h-9 w-full" />
            ))}
          </div>
        </div>
        <div className="grid gap-5 rounded-xl bg-white p-5 ring-1 ring-slate-200 sm:grid-cols-2">
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-11 w-full" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
