import { createFileRoute, redirect } from '@tanstack/react-router';
import { useUrlListSearch } from '@app/components/list';
import { rolloutsInfiniteOptions } from '@app/features/rollouts/api/rollouts';
import { RolloutsPage } from '@app/features/rollouts/components/RolloutsPage';
import { rolloutListUrl } from '@app/features/rollouts/model/rollout-list-url';
import { mayOpen } from '@app/features/auth/session-guards';

export const Route = createFileRoute('/_authenticated/rollouts')({
  validateSearch: rolloutListUrl.schema,
  beforeLoad: ({ preload }) => {
    if (!mayOpen('screens.library', { preload })) throw redirect({ to: '/' });
  },
  // Starts the call on link hover; the page shows its skeleton meanwhile. The search is
  // client-side: one query for any search.
  loader: ({ context }) => {
    context.queryClient.infiniteQuery(rolloutsInfiniteOptions()).catch(() => undefined);
  },
  component: RolloutsRoute,
});

function RolloutsRoute() {
  const binding = useUrlListSearch(Route.useSearch(), Route.useNavigate(), rolloutListUrl);
  return <RolloutsPage {...binding} />;
}
