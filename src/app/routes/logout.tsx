import { createFileRoute, redirect } from '@tanstack/react-router';
import { signOut } from '../features/auth/session-guards';

export const Route = createFileRoute('/logout')({
  beforeLoad: ({ context, preload }) => {
    if (preload) return;
    signOut(context.queryClient);
    throw redirect({ to: '/' });
  },
});
