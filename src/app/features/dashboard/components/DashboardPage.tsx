import { useQuery } from '@tanstack/react-query';
import { PageContainer } from '@app/components/layout/AppShell';
import { Card } from '@app/components/ui/Card';
import { ErrorState } from '@app/components/ui/ErrorState';
import { PageHeader } from '@app/components/ui/PageHeader';
import { useCan } from '@app/lib/permissions';
import { useSession } from '@app/lib/use-session';
import { dashboardQueryOptions } from '@app/features/dashboard/api/dashboard';
import { DashboardSkeleton } from './DashboardSkeleton';
import { MessageCountCard } from './MessageCountCard';
import { PieChartCard } from './PieChartCard';
import { StatsCard } from './StatsCard';

export function DashboardPage() {
  const auth = useSession()?.auth;
  const admin = useCan('dashboard.quality');
  const query = useQuery(dashboardQueryOptions());

  return (
    <PageContainer>
      <PageHeader title="Dashboard" description={auth?.Customer} />
      {query.isPending ? (
        <DashboardSkeleton admin={admin} />
      ) : query.isLoadingError ? (
        <Card>
          <ErrorState
            title="The dashboard could not be loaded"
            error={query.error}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        </Card>
      ) : (
        <div className="grid gap-4 lg:grid-cols-6 lg:gap-6">
          <StatsCard data={query.data} className="lg:col-span-2" />
          <MessageCountCard days={query.data.Messages} className="lg:col-span-4" />
          {admin && (
            <>
              <PieChartCard
                title="RawMessage Quality(Last Week)"
                data={query.data.invalidmsg}
                className="lg:col-span-3"
              />
              <PieChartCard
                title="Device Config Status"
                data={query.data.insync}
                className="lg:col-span-3"
              />
            </>
          )}
        </div>
      )}
    </PageContainer>
  );
}
