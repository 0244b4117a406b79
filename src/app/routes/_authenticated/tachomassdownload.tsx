import { createFileRoute, redirect } from '@tanstack/react-router';
import { useUrlListSearch } from '@app/components/list';
import { prefetchServerList } from '@app/components/list/model';
import { mayOpen } from '@app/features/auth/session-guards';
import { massDownloadList } from '@app/features/tacho/api/tacho-lists';
import { MassDownloadPage } from '@app/features/tacho/components/TachoDownloadsPage';
import { massDownloadUrl } from '@app/features/tacho/model/tacho-list-urls';

export const Route = createFileRoute('/_authenticated/tachomassdownload')({
  validateSearch: massDownloadUrl.schema,
  loaderDeps: ({ search }) => massDownloadUrl.toSearch(search),
  beforeLoad: ({ preload }) => {
    if (!mayOpen('screens.tacho', { preload })) throw redirect({ to: '/' });
  },
  // Starts the first page on link hover; the page renders its own skeleton meanwhile.
  loader: ({ context, deps }) => {
    prefetchServerList(context.queryClient, massDownloadList, deps);
  },
  component: MassDownloadRoute,
});

function MassDownloadRoute() {
  const binding = useUrlListSearch(Route.useSearch(), Route.useNavigate(), massDownloadUrl);
  return <MassDownloadPage {...binding} />;
}
