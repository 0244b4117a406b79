import { createFileRoute, redirect } from '@tanstack/react-router';
import { mayOpen } from '@app/features/auth/session-guards';
import { stateGraphQueryOptions } from '@app/features/tacho/api/tacho-queries';
import { StateGraphPage } from '@app/features/tacho/components/StateGraphPage';

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
