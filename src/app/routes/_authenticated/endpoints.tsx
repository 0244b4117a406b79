import { createFileRoute } from '@tanstack/react-router';
import { useUrlListSearch } from '@app/components/list';
import { prefetchServerList } from '@app/components/list/model';
import { endpointList } from '@app/features/endpoints/api/endpoint-list';
import { EndpointsPage } from '@app/features/endpoints/components/EndpointsPage';
import { endpointListUrl } from '@app/features/endpoints/model/endpoint-list-url';

export const Route = createFileRoute('/_authenticated/endpoints')({
  validateSearch: endpointListUrl.schema,
  loaderDeps: ({ search }) => endpointListUrl.toSearch(search),
  // Starts the first page on link hover; the page renders its own skeleton meanwhile.
  loader: ({ context, deps }) => {
    prefetchServerList(context.queryClient, endpointList, deps);
  },
  component: EndpointsRoute,
});

function EndpointsRoute() {
  const binding = useUrlListSearch(Route.useSearch(), Route.useNavigate(), endpointListUrl);
  return <EndpointsPage {...binding} />;
}
