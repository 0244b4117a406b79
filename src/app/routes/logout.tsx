import { createFileRoute, redirect } from '@tanstack/react-router';
import { LogoutConfirm } from '@app/features/outbox/components/LogoutConfirm';

export const Route = createFileRoute('/logout')({
  beforeLoad: async ({ context, preload }) => {
    if (preload) return;
    // Imported here, not above: the route tree sits in the sign-in page's bundle, the outbox not.
    const [{ outboxReady }, { hasUnsentChanges, logOutDiscardingOutbox }] = await Promise.all([
      import('@app/features/outbox/register'),
      import('@app/features/outbox/logout'),
    ]);
    // Unsent changes (once the stored queue is back in memory): the component asks first.
    await outboxReady();
    if (hasUnsentChanges(context.queryClient)) return;
    await logOutDiscardingOutbox(context.queryClient);
    throw redirect({ to: '/' });
  },
  component: LogoutConfirm,
});
