import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { AppShell } from '../components/layout/AppShell';
import { NotFound } from '../components/NotFound';
import { RouteError } from '../components/RouteError';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <AppShell>
      <Outlet />
    </AppShell>
  ),
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});
