/**
 * The JavaScript each admin screen loads on top of the signed-in shell, gzip-compressed: the
 * admin signs in, the dashboard settles, then the page moves to each screen inside the app (as
 * a click in the menu would) and every script fetched for it is counted once.
 */
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { launchBrowser, type Portal } from '../tests/e2e/support/portal';
import { printBlock, type Outcome } from './report';
import { kib, table } from './stats';

const ROUTES = [
  '/customers',
  '/customer/2',
  '/account',
  '/roles',
  '/features',
  '/forwards',
  '/endpoints',
  '/log',
  '/rawmessages',
] as const;
const ADMIN = 'admin@demo.test';

interface Script {
  path: string;
  gzipBytes: number;
}

async function measure(response: Response): Promise<Script> {
  return {
    path: new URL(response.url()).pathname,
    gzipBytes: gzipSync(await response.body(), { level: 9 }).length,
  };
}

/** Scripts fetched while `action` runs and the page settles. */
async function scriptsDuring(page: Page, action: () => Promise<void>): Promise<Script[]> {
  const pending: Promise<Script>[] = [];
  const listener = (response: Response) => {
    if (response.request().resourceType() === 'script') pending.push(measure(response));
  };
  page.on('response', listener);
  await action();
  await page.waitForLoadState('networkidle');
  page.off('response', listener);
  return Promise.all(pending);
}

/** Moves inside the single-page app, so only what the screen adds is fetched. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction((to) => window.location.pathname === to, path);
}

export async function benchRouteJs(portal: Portal): Promise<Outcome> {
  const browser = await launchBrowser();
  try {
    const rows: { route: string; files: Script[]; gzipBytes: number }[] = [];
    for (const route of ROUTES) {
      // A fresh context per screen: nothing another screen fetched is counted as cached.
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.goto(new URL('login', portal.baseUrl).toString());
      await page.getByLabel('Email').fill(ADMIN);
      await page.getByLabel('Password').fill('demo1234');
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      // What the shell loads after sign-in (the outbox, idle-time imports) is not the screen's.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(2000);
      await page.waitForLoadState('networkidle');
      const files = await scriptsDuring(page, () => navigateInApp(page, route));
      files.sort((a, b) => b.gzipBytes - a.gzipBytes);
      rows.push({ route, files, gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0) });
      await context.close();
    }
    printBlock('JavaScript each admin screen adds to the signed-in shell (gzip -9)', [
      table(
        ['route', 'script files', 'gzip KiB', 'largest files (gzip KiB)'],
        rows.map((r) => [
          r.route,
          String(r.files.length),
          String(kib(r.gzipBytes)),
          r.files
            .slice(0, 4)
            .map((f) => `${f.path.replace('/assets/', '')} ${String(kib(f.gzipBytes))}`)
            .join(', '),
        ]),
        [1, 2],
      ),
    ]);
    return {
      metrics: rows.map((r) => ({
        name: `${r.route} JS added, gzip -9`,
        value: kib(r.gzipBytes),
        unit: 'KiB',
      })),
      details: rows,
    };
  } finally {
    await browser.close();
  }
}
