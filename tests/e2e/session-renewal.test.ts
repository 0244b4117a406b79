import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP } from './support/app';
import { eventually, signInPage } from './support/outbox';
import { launchBrowser, startPortal, type Portal } from './support/portal';
import { refreshCookie, renewAtOnce, storedToken, watchRenewals } from './support/renewal';

// Access tokens of 30 s: set-up (sign-in, a copied browser) ends before the first renewal even on
// a busy machine (the app renews a token once it is within 10 s of its expiry,
// TOKEN_EXPIRY_MARGIN_MS), and a test outlives one token.
const TOKEN_TTL_SECONDS = 30;
const USER = 'user@demo.test';

let portal: Portal | undefined;
let browser: Browser | undefined;
beforeAll(async () => {
  portal = await startPortal({ TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS) });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const started = () => {
  if (!portal || !browser) throw new Error('the portal did not start');
  return { portal, browser };
};

const url = (path: string) => new URL(path, started().portal.baseUrl).toString();

/** A new browser context (its own cookies and storage, as another browser) and its alerts. */
async function openContext(storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  // No service worker: it has no part in renewals, and routing (renewAtOnce) skips what it fetches.
  const context = await started().browser.newContext({
    viewport: DESKTOP,
    storageState,
    serviceWorkers: 'block',
  });
  const dialogs: string[] = [];
  context.on('page', (page) => {
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
  });
  return { context, dialogs };
}

async function openSignedIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url(''));
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  return page;
}

/** Still signed in: a screen that calls the API opens, and the server takes the page's token. */
async function expectSignedIn(page: Page) {
  await page.goto(url('devices'));
  await page.getByRole('heading', { name: 'Devices' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/devices');
  const token = await storedToken(page);
  const answer = await fetch(url('api/home/dashboard'), {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  expect(answer.status).toBe(200);
}

// The two tests side by side: each spends most of its time waiting for its tokens to expire, and
// each has its own sign-in, contexts and cookies (decision 061).
describe.concurrent(
  'one session renewed from several pages at the same moment (decision 052)',
  () => {
    it('renews once per browser: two tabs share one renewal and stay signed in', async () => {
      const { context, dialogs } = await openContext();
      try {
        const first = await context.newPage();
        await signInPage(first, started().portal.baseUrl, USER);
        const second = await openSignedIn(context);
        const renewals = watchRenewals(context);

        const { cookies, tokens } = await renewAtOnce([context], [first, second]);
        const [cookie] = cookies;
        await eventually(async () => (await storedToken(first)) !== tokens[0], 'a renewed token');
        await eventually(
          () => Promise.resolve(renewals.some((renewal) => renewal.sentWith === cookie)),
          'the renewal to be answered',
        );
        await expectSignedIn(first);
        await expectSignedIn(second);
        // One renewal with the cookie both tabs held: the other tab waited for it (Web Locks) and
        // took its token. Later renewals (the token lives 30 s) go with the next cookie.
        expect(renewals.filter((renewal) => renewal.sentWith === cookie)).toEqual([
          { sentWith: cookie, status: 200 },
        ]);
        expect(dialogs).toEqual([]);
      } finally {
        await context.close();
      }
    }, 180_000);

    it('keeps both browsers signed in when two with one cookie renew at once', async () => {
      const office = await openContext();
      let copy: Awaited<ReturnType<typeof openContext>> | undefined;
      try {
        const first = await office.context.newPage();
        await signInPage(first, started().portal.baseUrl, USER);
        // The same cookie and storage in a second browser: what two browsers holding one session
        // (a copied profile, an app that keeps its cookies apart) send.
        copy = await openContext(await office.context.storageState());
        const { context: copied } = copy;
        const second = await openSignedIn(copied);
        const renewals = [watchRenewals(office.context), watchRenewals(copied)];

        const { cookies } = await renewAtOnce([office.context, copied], [first, second], {
          together: 2,
        });
        const [cookie] = cookies;
        expect(cookies).toEqual([cookie, cookie]);
        // Both reached the server at the same moment with that cookie, and both were answered.
        await eventually(
          () =>
            Promise.resolve(
              renewals.every((seen) => seen.some((renewal) => renewal.sentWith === cookie)),
            ),
          'both renewals to be answered',
        );
        await expectSignedIn(first);
        await expectSignedIn(second);
        expect(renewals.flat().map((renewal) => renewal.status)).not.toContain(401);
        // The same successor in both: neither is left holding a cookie the server dropped.
        await eventually(
          async () => (await refreshCookie(office.context)) === (await refreshCookie(copied)),
          'one cookie in both browsers',
        );
        expect(await refreshCookie(copied)).not.toBe(cookie);
        expect(office.dialogs).toEqual([]);
        expect(copy.dialogs).toEqual([]);
      } finally {
        await office.context.close();
        await copy?.context.close();
      }
    }, 180_000);
  },
);
