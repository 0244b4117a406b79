import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { mustSignIn } from '@app/features/auth/session-guards';
import { useSessionRenewal } from '@app/lib/session-expiry';

export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location, preload }) => {
    if (await mustSignIn({ preload, queryClient: context.queryClient })) {
      throw redirect({
        to: '/login',
        search: location.pathname === '/' ? {} : { redirect: location.href },
      });
    }
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  useSessionRenewal();
  return <Outlet />;
}
