import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '@app/lib/query-client';

interface RenderRouteOptions {
  /** Where the screen is (default '/'). */
  path?: string;
  /** The paths it links to: each renders its own path as text, so a test can read where it went. */
  links?: readonly string[];
  client?: QueryClient;
}

/**
 * Renders a screen at `path` inside a query client and a memory router that also knows the
 * screens it links to. Client unit tests of every feature share it.
 */
export function renderRoute(
  Screen: () => ReactNode,
  { path = '/', links = [], client = createQueryClient() }: RenderRouteOptions = {},
) {
  const root = createRootRoute({ component: Outlet });
  const stub = (to: string) =>
    createRoute({ getParentRoute: () => root, path: to, component: () => <p>{to}</p> });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path, component: Screen }),
      ...links.filter((to) => to !== path).map(stub),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, router };
}
