import { createFileRoute } from '@tanstack/react-router';
import { useUrlListSearch } from '@app/components/list';
import { prefetchServerList } from '@app/components/list/model';
import { deviceList } from '@app/features/devices/api/device-lists';
import { DevicesPage } from '@app/features/devices/components/DevicesPage';
import { deviceListUrl } from '@app/features/devices/search-rules';

export const Route = createFileRoute('/_authenticated/devices')({
  validateSearch: deviceListUrl.schema,
  loaderDeps: ({ search }) => deviceListUrl.toSearch(search),
  // Starts the first page on link hover; the page renders its own skeleton meanwhile, and a
  // failure is toasted by the api client and shown by the page.
  loader: ({ context, deps }) => {
    prefetchServerList(context.queryClient, deviceList, deps);
  },
  component: DevicesRoute,
});

function DevicesRoute() {
  const binding = useUrlListSearch(Route.useSearch(), Route.useNavigate(), deviceListUrl);
  return <DevicesPage {...binding} />;
}
