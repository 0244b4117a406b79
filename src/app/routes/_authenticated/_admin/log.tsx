import { createFileRoute } from '@tanstack/react-router';
import { useUrlListSearch } from '@app/components/list';
import { prefetchServerList } from '@app/components/list/model';
import { logList } from '@app/features/middleware-log/api/log-list';
import { LogPage } from '@app/features/middleware-log/components/LogPage';
import { logListUrl } from '@app/features/middleware-log/model/list-urls';

export const Route = createFileRoute('/_authenticated/_admin/log')({
  validateSearch: logListUrl.schema,
  loaderDeps: ({ search }) => logListUrl.toSearch(search),
  // Starts the first page on link hover; the page shows its skeleton meanwhile.
  loader: ({ context, deps }) => {
    prefetchServerList(context.queryClient, logList, deps);
  },
  component: LogRoute,
});

function LogRoute() {
  const binding = useUrlListSearch(Route.useSearch(), Route.useNavigate(), logListUrl);
  return <LogPage {...binding} />;
}
