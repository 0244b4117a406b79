import { createFileRoute, redirect } from '@tanstack/react-router';
import { useUrlListSearch } from '@app/components/list';
import { prefetchServerList } from '@app/components/list/model';
import { mayOpen } from '@app/features/auth/session-guards';
import { objectOverviewList } from '@app/features/tacho/api/tacho-lists';
import { ObjectOverviewPage } from '@app/features/tacho/components/TachoOverviewPage';
import { objectOverviewUrl } from '@app/features/tacho/model/tacho-list-urls';

export const Route = createFileRoute('/_authenticated/tachoobject')({
  validateSearch: objectOverviewUrl.schema,
  loaderDeps: ({ search }) => objectOverviewUrl.toSearch(search),
  beforeLoad: ({ preload }) => {
    if (!mayOpen('screens.tacho', { preload })) throw redirect({ to: '/' });
  },
  // Starts the first page on link hover; the page renders its own skeleton meanwhile.
  loader: ({ context, deps }) => {
    prefetchServerList(context.queryClient, objectOverviewList, deps);
  },
  component: ObjectOverviewRoute,
});

function ObjectOverviewRoute() {
  const binding = useUrlListSearch(Route.useSearch(), Route.useNavigate(), objectOverviewUrl);
  return <ObjectOverviewPage {...binding} />;
}
