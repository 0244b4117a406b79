import { lazy, Suspense } from 'react';
import type { DailyTotal } from '@shared/customers/dashboard';
import { Card } from '@app/components/ui/Card';
import { EmptyState } from '@app/components/ui/EmptyState';
import { BarChartIcon } from '@app/components/ui/icons';
import { Skeleton } from '@app/components/ui/Skeleton';
import { formatCount, hasMessageData } from '@app/features/dashboard/format';

// uPlot (and its CSS) load with the chart, not with the dashboard route.
const MessageChart = lazy(() => import('./MessageChart'));

export function MessageCountCard({
  days,
  className = '',
}: {
  days: DailyTotal[];
  className?: string;
}) {
  const total = days.reduce((sum, day) => sum + day.Total, 0);
  return (
    <Card
      title="Message Count"
      className={className}
      actions={
        hasMessageData(days) && (
          <span className="text-xs text-slate-500">
            {formatCount(total)} in {days.length} days
          </span>
        )
      }
    >
      {hasMessageData(days) ? (
        <Suspense fallback={<Skeleton className="h-60 w-full sm:h-70" />}>
          <MessageChart days={days} />
        </Suspense>
      ) : (
        <EmptyState icon={BarChartIcon} title="No messages yet">
          Your device message count will be shown here.
        </EmptyState>
      )}
    </Card>
  );
}
