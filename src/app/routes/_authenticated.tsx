import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { mustSignIn } from '../features/auth/session-guards';
import { useSessionExpiryTimer } from '../lib/session-expiry';

export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location, preload }) => {
    if (mustSignIn({ preload, queryClient: context.queryClient })) {
      throw redirect({
        to: '/login',
        search: location.pathname === '/' ? {} : { redirect: location.href },
      });
    }
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  useSessionExpiryTimer();
  return <Outlet />;
}
