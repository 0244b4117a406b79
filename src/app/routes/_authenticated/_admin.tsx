import { createFileRoute, redirect } from '@tanstack/react-router';
import { isAdminAllowed } from '../../features/auth/session-guards';

export const Route = createFileRoute('/_authenticated/_admin')({
  beforeLoad: ({ preload }) => {
    if (!isAdminAllowed({ preload })) throw redirect({ to: '/' });
  },
});
