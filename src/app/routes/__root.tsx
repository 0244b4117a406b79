import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { AppShell } from '@app/components/layout/AppShell';
import { NotFound } from '@app/components/NotFound';
import { RouteError } from '@app/components/RouteError';
import type { RouterContext } from '@app/router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <AppShell>
      <Outlet />
    </AppShell>
  ),
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});
