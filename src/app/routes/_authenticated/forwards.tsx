import { createFileRoute } from '@tanstack/react-router';
import { useUrlListSearch } from '@app/components/list';
import { prefetchServerList } from '@app/components/list/model';
import { forwardList } from '@app/features/forwards/api/forward-list';
import { ForwardsPage } from '@app/features/forwards/components/ForwardsPage';
import { forwardListUrl } from '@app/features/forwards/model/forward-list-url';

export const Route = createFileRoute('/_authenticated/forwards')({
  validateSearch: forwardListUrl.schema,
  loaderDeps: ({ search }) => forwardListUrl.toSearch(search),
  // Starts the first page on link hover; the page renders its own skeleton meanwhile.
  loader: ({ context, deps }) => {
    prefetchServerList(context.queryClient, forwardList, deps);
  },
  component: ForwardsRoute,
});

function ForwardsRoute() {
  const binding = useUrlListSearch(Route.useSearch(), Route.useNavigate(), forwardListUrl);
  return <ForwardsPage {...binding} />;
}
