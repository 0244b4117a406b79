import { UnlessOffline } from '@app/components/layout/OfflineFallback';
import { Card } from '@app/components/ui/Card';
import { Skeleton } from '@app/components/ui/Skeleton';

/** The dashboard's shape while it loads, so the page never flashes blank. */
export function DashboardSkeleton({ admin }: { admin: boolean }) {
  return (
    <UnlessOffline framed>
      <DashboardPlaceholder admin={admin} />
    </UnlessOffline>
  );
}

function DashboardPlaceholder({ admin }: { admin: boolean }) {
  return (
    <div
      role="status"
      aria-label="Loading the dashboard"
      className="grid gap-4 lg:grid-cols-6 lg:gap-6"
    >
      <Card title="Stats" className="lg:col-span-2">
        <div className="grid grid-cols-2 gap-3">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-18" />
          ))}
        </div>
        <Skeleton className="mt-5 h-4 w-full" />
        <Skeleton className="mt-4 h-4 w-2/3" />
      </Card>
      <Card title="Message Count" className="lg:col-span-4">
        <Skeleton className="h-60 w-full sm:h-70" />
      </Card>
      {admin &&
        ['RawMessage Quality(Last Week)', 'Device Config Status'].map((title) => (
          <Card key={title} title={title} className="lg:col-span-3">
            <div className="flex flex-col items-center gap-6 sm:flex-row">
              <Skeleton className="size-36 rounded-full" />
              <div className="w-full flex-1 space-y-3">
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-5/6" />
              </div>
            </div>
          </Card>
        ))}
    </div>
  );
}
