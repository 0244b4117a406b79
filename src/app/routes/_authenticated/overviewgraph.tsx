import { createFileRoute, redirect } from '@tanstack/react-router';
import { mayOpen } from '../../features/auth/session-guards';
import { stateGraphQueryOptions } from '../../features/tacho/api/tacho-queries';
import { StateGraphPage } from '../../features/tacho/components/StateGraphPage';

export const Route = createFileRoute('/_authenticated/overviewgraph')({
  beforeLoad: ({ preload }) => {
    if (!mayOpen('screens.tacho', { preload })) throw redirect({ to: '/' });
  },
  // Starts the call on link hover; the page shows its skeleton meanwhile.
  loader: ({ context }) => {
    context.queryClient.query(stateGraphQueryOptions()).catch(() => undefined);
  },
  component: StateGraphPage,
});
