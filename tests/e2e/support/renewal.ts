// Renewing one session from several pages at once (docs/decisions/052).
import type { BrowserContext, Page, Route } from 'playwright-core';
import { eventually } from './outbox';

const REFRESH_ROUTE = '**/api/auth/refresh';
const REFRESH_PATH = '/api/auth/refresh';
const REFRESH_COOKIE = 'fp_refresh';
// A held renewal is let go after this long even if the others never come (the test then fails
// on what the pages show, instead of hanging); the app gives a renewal 10 s.
const HOLD_AT_MOST_MS = 8_000;

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
 * Holds the contexts' renewals until `count` of them are on their way, then lets them reach the
 * server together: the same moment on any machine, however loaded. Only the timing is touched;
 * the server's own answers come back.
 */
async function holdRenewalsTogether(contexts: BrowserContext[], count: number): Promise<void> {
  let arrived = 0;
  let release: () => void = () => undefined;
  const together = new Promise<void>((resolve) => {
    release = resolve;
    setTimeout(resolve, HOLD_AT_MOST_MS).unref();
  });
  const hold = async (route: Route) => {
    arrived += 1;
    if (arrived >= count) release();
    await together;
    await route.continue();
  };
  await Promise.all(contexts.map((context) => context.route(REFRESH_ROUTE, hold)));
}

export interface HeldWhileOffline {
  /** The refresh cookie of each context while offline (nothing renews then). */
  cookies: (string | undefined)[];
  /** The access token of each page while offline. */
  tokens: (string | null)[];
}

/**
 * Takes the contexts offline until the access token of every page has expired, then brings them
 * back together (a laptop waking up, a phone back in coverage): every open page renews at once.
 * With `together`, that many renewals are held until all are sent, then reach the server at the
 * same moment.
 */
export async function renewAtOnce(
  contexts: BrowserContext[],
  pages: Page[],
  { together }: { together?: number } = {},
): Promise<HeldWhileOffline> {
  await Promise.all(contexts.map((context) => context.setOffline(true)));
  const cookies = await Promise.all(contexts.map(refreshCookie));
  const tokens = await Promise.all(pages.map(storedToken));
  const expired = Math.max(...(await Promise.all(pages.map(storedExpiry)))) * 1000;
  await eventually(
    () => Promise.resolve(Date.now() > expired),
    'the access tokens to expire',
    90_000,
  );
  if (together) await holdRenewalsTogether(contexts, together);
  await Promise.all(contexts.map((context) => context.setOffline(false)));
  return { cookies, tokens };
}
