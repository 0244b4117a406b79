import { QueryClientProvider } from '@tanstack/react-query';
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
import { createQueryClient } from '../../../lib/query-client';

/**
 * A page at `/` inside a memory router that also knows the pages it links to, so a test can
 * read where it went.
 */
export function renderPage(Page: () => ReactNode) {
  const root = createRootRoute({ component: Outlet });
  const stub = (path: string) =>
    createRoute({ getParentRoute: () => root, path, component: () => <p>{path}</p> });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/', component: Page }),
      stub('/devicetest/$id'),
      stub('/devicetest'),
      stub('/devicetests'),
    ]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
}
