import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, startPortal, type Portal } from './portal';

export const DEMO_PASSWORD = 'demo1234';
export const DESKTOP = { width: 1440, height: 900 };

export interface OpenPage {
  page: Page;
  /** Alert texts, in order; every alert is accepted. */
  dialogs: string[];
  close: () => Promise<void>;
}

/**
 * One portal and one browser for the test file: started before its tests, stopped after them
 * (also when the start itself failed half-way).
 */
export function usePortal() {
  let portal: Portal | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    portal = await startPortal();
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

  return {
    url: (path: string): string => new URL(path, started().portal.baseUrl).toString(),

    /** A fresh context (own storage) at desktop size; `locale` as a browser of that language. */
    async openPage(viewport = DESKTOP, options: { locale?: string } = {}): Promise<OpenPage> {
      const context = await started().browser.newContext({ viewport, ...options });
      const page = await context.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.accept();
      });
      return { page, dialogs, close: () => context.close() };
    },

    /** Signs in through the login form and waits for the dashboard. */
    async signIn(page: Page, email: string): Promise<void> {
      await page.goto(new URL('login', started().portal.baseUrl).toString());
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    },
  };
}

export const pathOf = (page: Page): string => new URL(page.url()).pathname;

/** The top-level entries of the visible main menu, as the nav marks them with data-menu. */
export async function topLevelMenu(page: Page): Promise<string[]> {
  const nav = page.locator('nav[aria-label="Main"]:visible');
  // Account is always last for a signed-in user, so once it is there the row is complete.
  await nav.locator('[data-menu="Account"]').waitFor();
  return nav
    .locator('[data-menu]')
    .evaluateAll((elements) => elements.map((e) => e.getAttribute('data-menu') ?? ''));
}

/** A toast (sonner) containing `text`. */
export const toastOf = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
