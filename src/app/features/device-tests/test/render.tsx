import type { ReactNode } from 'react';
import { renderRoute } from '@app/test/render-route';

/**
 * A page at `/` inside a memory router that also knows the pages it links to, so a test can
 * read where it went.
 */
export function renderPage(Page: () => ReactNode) {
  const { router, client } = renderRoute(Page, {
    links: ['/devicetest/$id', '/devicetest', '/devicetests'],
  });
  return { router, client };
}
