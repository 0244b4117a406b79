import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '@app/lib/query-client';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import { demoAuth, type DemoLogin } from './fixtures';

/**
 * Signs in as a demo login and renders `ui` at '/' inside a query client and a memory router
 * whose customer and device routes exist, so the screens' links resolve.
 */
export function renderSignedIn(
  login: DemoLogin,
  ui: ReactNode,
  client: QueryClient = createQueryClient(),
) {
  saveSession(loginFixture(demoAuth[login]));
  return renderRoute(() => ui, { links: ['/customer/$id', '/device/$id'], client });
}
