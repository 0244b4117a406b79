import { createFileRoute, redirect } from '@tanstack/react-router';
import { useUrlListSearch } from '@app/components/list';
import { prefetchServerList } from '@app/components/list/model';
import { mayOpen } from '@app/features/auth/session-guards';
import { driverOverviewList } from '@app/features/tacho/api/tacho-lists';
import { DriverOverviewPage } from '@app/features/tacho/components/TachoOverviewPage';
import { driverOverviewUrl } from '@app/features/tacho/model/tacho-list-urls';

export const Route = createFileRoute('/_authenticated/tachodriver')({
  validateSearch: driverOverviewUrl.schema,
  loaderDeps: ({ search }) => driverOverviewUrl.toSearch(search),
  beforeLoad: ({ preload }) => {
    if (!mayOpen('screens.tacho', { preload })) throw redirect({ to: '/' });
  },
  // Starts the first page on link hover; the page renders its own skeleton meanwhile.
  loader: ({ context, deps }) => {
    prefetchServerList(context.queryClient, driverOverviewList, deps);
  },
  component: DriverOverviewRoute,
});

function DriverOverviewRoute() {
  const binding = useUrlListSearch(Route.useSearch(), Route.useNavigate(), driverOverviewUrl);
  return <DriverOverviewPage {...binding} />;
}
