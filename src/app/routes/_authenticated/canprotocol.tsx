import { createFileRoute, redirect } from '@tanstack/react-router';
import { useUrlListSearch } from '@app/components/list';
import { canLibraryQueryOptions } from '@app/features/can-library/api/can-configs';
import { CanLibraryPage } from '@app/features/can-library/components/CanLibraryPage';
import { canConfigListUrl } from '@app/features/can-library/model/can-config-list-url';
import { mayOpen } from '@app/features/auth/session-guards';

export const Route = createFileRoute('/_authenticated/canprotocol')({
  validateSearch: canConfigListUrl.schema,
  beforeLoad: ({ preload }) => {
    if (!mayOpen('screens.library', { preload })) throw redirect({ to: '/' });
  },
  // Starts the call on link hover; the page shows its skeleton meanwhile. The search is
  // client-side: one query for any search.
  loader: ({ context }) => {
    context.queryClient.query(canLibraryQueryOptions()).catch(() => undefined);
  },
  component: CanProtocolRoute,
});

function CanProtocolRoute() {
  const binding = useUrlListSearch(Route.useSearch(), Route.useNavigate(), canConfigListUrl);
  return <CanLibraryPage {...binding} />;
}
