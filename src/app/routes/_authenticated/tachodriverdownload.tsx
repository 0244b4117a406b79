import { createFileRoute, redirect } from '@tanstack/react-router';
import { useUrlListSearch } from '@app/components/list';
import { prefetchServerList } from '@app/components/list/model';
import { mayOpen } from '@app/features/auth/session-guards';
import { driverDownloadList } from '@app/features/tacho/api/tacho-lists';
import { DriverDownloadPage } from '@app/features/tacho/components/TachoDownloadsPage';
import { driverDownloadUrl } from '@app/features/tacho/model/tacho-list-urls';

export const Route = createFileRoute('/_authenticated/tachodriverdownload')({
  validateSearch: driverDownloadUrl.schema,
  loaderDeps: ({ search }) => driverDownloadUrl.toSearch(search),
  beforeLoad: ({ preload }) => {
    if (!mayOpen('screens.tacho', { preload })) throw redirect({ to: '/' });
  },
  // Starts the first page on link hover; the page renders its own skeleton meanwhile.
  loader: ({ context, deps }) => {
    prefetchServerList(context.queryClient, driverDownloadList, deps);
  },
  component: DriverDownloadRoute,
});

function DriverDownloadRoute() {
  const binding = useUrlListSearch(Route.useSearch(), Route.useNavigate(), driverDownloadUrl);
  return <DriverDownloadPage {...binding} />;
}
