import { lazy, Suspense } from 'react';
import type { DailyTotal } from '../../../../shared/dashboard';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { BarChartIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/Skeleton';
import { formatCount, hasMessageData } from '../format';

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
