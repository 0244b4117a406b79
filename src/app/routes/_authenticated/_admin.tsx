import { createFileRoute, redirect } from '@tanstack/react-router';
import { mayOpen } from '@app/features/auth/session-guards';

export const Route = createFileRoute('/_authenticated/_admin')({
  beforeLoad: ({ preload }) => {
    if (!mayOpen('screens.admin', { preload })) throw redirect({ to: '/' });
  },
});
