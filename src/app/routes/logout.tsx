import { createFileRoute, redirect } from '@tanstack/react-router';
import { LogoutConfirm } from '../features/outbox/components/LogoutConfirm';
import { hasUnsentChanges, logOutDiscardingOutbox } from '../features/outbox/logout';
import { outboxReady } from '../features/outbox/register';

export const Route = createFileRoute('/logout')({
  beforeLoad: async ({ context, preload }) => {
    if (preload) return;
    // Unsent changes (once the stored queue is back in memory): the component asks first.
    await outboxReady();
    if (hasUnsentChanges(context.queryClient)) return;
    await logOutDiscardingOutbox(context.queryClient);
    throw redirect({ to: '/' });
  },
  component: LogoutConfirm,
});
