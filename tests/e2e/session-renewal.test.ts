import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP } from './support/app';
import { eventually, signInPage } from './support/outbox';
import { launchBrowser, startPortal, type Portal } from './support/portal';
import { refreshCookie, renewAtOnce, storedToken, watchRenewals } from './support/renewal';

// Access tokens of 20 s, so a test outlives one; the pages renew them at the same moment.
const TOKEN_TTL_SECONDS = 20;
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
  const context = await started().browser.newContext({ viewport: DESKTOP, storageState });
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

describe('one session renewed from several pages at the same moment (decision 052)', () => {
  it('renews once per browser: two tabs share one renewal and stay signed in', async () => {
    const { context, dialogs } = await openContext();
    try {
      const first = await context.newPage();
      await signInPage(first, started().portal.baseUrl, USER);
      const second = await openSignedIn(context);
      const cookie = await refreshCookie(context);
      const signedInToken = await storedToken(first);
      const renewals = watchRenewals(context);

      await renewAtOnce([context], [first, second]);
      await eventually(
        async () => (await storedToken(first)) !== signedInToken,
        'the token to be renewed',
      );
      await expectSignedIn(first);
      await expectSignedIn(second);
      // One renewal with the signed-in cookie: the other tab waited for it (Web Locks) and took
      // its token. Later renewals (the token lives 20 s) go with the next cookie.
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
      // (a copied profile, an app that keeps cookies apart) send.
      copy = await openContext(await office.context.storageState());
      const second = await openSignedIn(copy.context);
      const cookie = await refreshCookie(office.context);
      expect(await refreshCookie(copy.context)).toBe(cookie);
      const renewals = watchRenewals(office.context);
      const copyRenewals = watchRenewals(copy.context);

      const { context: copied } = copy;
      await renewAtOnce([office.context, copied], [first, second]);
      await eventually(
        async () =>
          (await refreshCookie(office.context)) !== cookie &&
          (await refreshCookie(copied)) !== cookie,
        'both browsers to renew',
      );
      // The same successor in both: neither is left holding a cookie the server dropped.
      expect(await refreshCookie(copied)).toBe(await refreshCookie(office.context));
      await expectSignedIn(first);
      await expectSignedIn(second);
      const withSignedInCookie = [...renewals, ...copyRenewals].filter(
        (renewal) => renewal.sentWith === cookie,
      );
      expect(withSignedInCookie.map((renewal) => renewal.status)).toEqual([200, 200]);
      expect(office.dialogs).toEqual([]);
      expect(copy.dialogs).toEqual([]);
    } finally {
      await office.context.close();
      await copy?.context.close();
    }
  }, 180_000);
});
