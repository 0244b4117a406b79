import { createFileRoute, redirect } from '@tanstack/react-router';
import { useUrlListSearch } from '@app/components/list';
import { prefetchServerList } from '@app/components/list/model';
import { authServerList } from '@app/features/auth-servers/api/auth-server-list';
import { AuthServersPage } from '@app/features/auth-servers/components/AuthServersPage';
import { authServerListUrl } from '@app/features/auth-servers/model/auth-server-list-url';
import { mayOpen } from '@app/features/auth/session-guards';

export const Route = createFileRoute('/_authenticated/tacho')({
  validateSearch: authServerListUrl.schema,
  loaderDeps: ({ search }) => authServerListUrl.toSearch(search),
  beforeLoad: ({ preload }) => {
    if (!mayOpen('screens.authServers', { preload })) throw redirect({ to: '/' });
  },
  // Starts the first page on link hover; the page renders its own skeleton meanwhile.
  loader: ({ context, deps }) => {
    prefetchServerList(context.queryClient, authServerList, deps);
  },
  component: AuthServersRoute,
});

function AuthServersRoute() {
  const binding = useUrlListSearch(Route.useSearch(), Route.useNavigate(), authServerListUrl);
  return <AuthServersPage {...binding} />;
}
