// Renewing one session from several pages at once (docs/decisions/052).
import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from './outbox';

const REFRESH_PATH = '/api/auth/refresh';
const REFRESH_COOKIE = 'fp_refresh';

/** The access token a page's browser context holds (localStorage, spec 01 §3). */
export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));

const storedExpiry = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('auth') ?? '{}') as { Expires?: number }).Expires ?? 0,
  );

/** The refresh cookie a context holds now. */
export async function refreshCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === REFRESH_COOKIE)?.value;
}

export interface Renewal {
  /** The refresh cookie the renewal was sent with. */
  sentWith: string;
  status: number;
}

/** Every renewal (`POST auth/refresh`) the context's pages send from now on, once answered. */
export function watchRenewals(context: BrowserContext): Renewal[] {
  const renewals: Renewal[] = [];
  context.on('response', (response) => {
    if (new URL(response.url()).pathname !== REFRESH_PATH) return;
    void response
      .request()
      .headerValue('cookie')
      .then((header) => {
        const sent = (header ?? '')
          .split(/;\s*/)
          .find((pair) => pair.startsWith(`${REFRESH_COOKIE}=`));
        renewals.push({
          sentWith: sent?.slice(REFRESH_COOKIE.length + 1) ?? '',
          status: response.status(),
        });
      });
  });
  return renewals;
}

/**
 * Takes the contexts offline until the access token of every page has expired, then brings them
 * back together: every open page renews at the same moment (a laptop waking up, a phone back in
 * coverage).
 */
export async function renewAtOnce(contexts: BrowserContext[], pages: Page[]): Promise<void> {
  await Promise.all(contexts.map((context) => context.setOffline(true)));
  const expiries = await Promise.all(pages.map(storedExpiry));
  const expired = Math.max(...expiries) * 1000;
  await eventually(
    () => Promise.resolve(Date.now() > expired),
    'the access tokens to expire',
    90_000,
  );
  await Promise.all(contexts.map((context) => context.setOffline(false)));
}
