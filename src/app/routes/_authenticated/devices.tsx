import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import {
  deviceCountQueryOptions,
  deviceListInfiniteOptions,
} from '../../features/devices/api/device-lists';
import { DevicesPage } from '../../features/devices/components/DevicesPage';
import {
  DeviceListSearchParamsSchema,
  listModeFor,
  paramsFromSearch,
  searchFromParams,
  type DeviceListSearch,
} from '../../features/devices/search-rules';

export const Route = createFileRoute('/_authenticated/devices')({
  validateSearch: DeviceListSearchParamsSchema,
  loaderDeps: ({ search }) => searchFromParams(search),
  // Starts the first page on link hover; the page renders its own skeleton meanwhile, and a
  // failure is toasted by the api client and shown by the page.
  loader: ({ context, deps }) => {
    const mode = listModeFor(deps);
    const { queryClient } = context;
    queryClient.infiniteQuery(deviceListInfiniteOptions(mode)).catch(() => undefined);
    if (mode.kind === 'all') queryClient.query(deviceCountQueryOptions()).catch(() => undefined);
  },
  component: DevicesRoute,
});

function DevicesRoute() {
  const params = Route.useSearch();
  const navigate = Route.useNavigate();
  const search = useMemo(() => searchFromParams(params), [params]);
  // Replace, not push: Back should leave the list, not step through every search typed.
  const onSearchChange = useCallback(
    (next: DeviceListSearch) => {
      void navigate({ search: paramsFromSearch(next), replace: true });
    },
    [navigate],
  );
  return <DevicesPage search={search} onSearchChange={onSearchChange} />;
}
