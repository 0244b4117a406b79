import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pathOf, usePortal } from './support/app';

const app = usePortal();
const NOT_ALLOWED = "Hey! You're not allowed here!";
const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

async function openAsAdmin(page: Page, path: string): Promise<void> {
  await app.signIn(page, 'admin@demo.test');
  await page.goto(app.url(path));
}

/** The result count line ('240 log entries · 50 loaded', '50+ messages found'). */
const countText = (page: Page) =>
  page
    .getByText(/ loaded$| found$/)
    .first()
    .textContent();

/** Rows of the desktop table (the virtualiser's spacer rows are aria-hidden). */
const rowCount = (page: Page) => page.locator('tbody tr:not([aria-hidden])').count();

/** Scrolls the table's own scroll box to its end, where the next page loads. */
async function scrollTableToEnd(page: Page): Promise<void> {
  await page.evaluate(() => {
    const box = document.querySelector('table')?.parentElement;
    if (box) box.scrollTop = box.scrollHeight;
  });
}

/** How many rows have loaded, from the count line ('240 log entries · 100 loaded'). */
const loaded = async (page: Page) =>
  Number(/(\d+) loaded$/.exec((await countText(page)) ?? '')?.[1] ?? NaN);

/** The next page (50 more) comes when the end of the loaded rows is scrolled into view. */
async function loadsMoreOnScroll(page: Page): Promise<void> {
  // The first pages may fill the box without a scroll: wait until loading settles.
  await page.waitForTimeout(500);
  const before = await loaded(page);
  expect(before % 50).toBe(0);
  await scrollTableToEnd(page);
  await page.getByText(new RegExp(`\\b${before + 50} loaded$`)).waitFor();
}

async function search(page: Page, filter: string | null, text: string): Promise<void> {
  if (filter) await page.getByRole('combobox', { name: 'Search by' }).selectOption(filter);
  await page.getByRole('searchbox', { name: 'Search text' }).fill(text);
}

describe('Log (spec 02 "Log page"), as an admin', () => {
  it('lists newest first, loads more on scroll, searches Level and Message', async () => {
    const { page, close } = await app.openPage();
    try {
      await openAsAdmin(page, 'log');
      await page.getByRole('heading', { name: 'Log' }).waitFor();
      await page.getByRole('table').waitFor();
      expect(await page.getByRole('columnheader').allTextContents()).toEqual([
        'TimeStamp',
        'Log',
        'Level',
      ]);
      await page.getByText(/ loaded$/).waitFor();
      // The admin's own sign-in is no entry, but the demo's are there, newest first.
      const times = await page
        .locator('tbody tr:not([aria-hidden]) td:first-child')
        .allTextContents();
      expect(times[0]).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
      await page.screenshot({ path: `${SHOTS}/log-1440.png` });

      await loadsMoreOnScroll(page);

      await search(page, 'Level', 'error');
      await page.getByText(/ found$/).waitFor();
      const levels = await page
        .locator('tbody tr:not([aria-hidden]) td:nth-child(3)')
        .allTextContents();
      expect(levels.length).toBeGreaterThan(0);
      expect(new Set(levels)).toEqual(new Set(['Error']));
      expect(new URL(page.url()).searchParams.get('filter')).toBe('Level');

      await search(page, 'Message', 'zzz-no-such-entry');
      await page.getByText('No logs found').waitFor();
    } finally {
      await close();
    }
  });

  it('shows cards on a phone', async () => {
    const { page, close } = await app.openPage(PHONE);
    try {
      await openAsAdmin(page, 'log');
      await page.getByRole('article').first().waitFor();
      expect(await page.locator('table').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      await page.screenshot({ path: `${SHOTS}/log-390.png` });
    } finally {
      await close();
    }
  });
});

describe('Raw Messages (spec 02 "Raw Messages page"), as an admin', () => {
  it('lists newest first, loads more, searches, and opens a message pretty-printed', async () => {
    const { page, close } = await app.openPage();
    try {
      await openAsAdmin(page, 'rawmessages');
      await page.getByRole('heading', { name: 'Raw Messages' }).waitFor();
      await page.getByRole('table').waitFor();
      const headers = await page.getByRole('columnheader').allTextContents();
      expect(headers).toEqual(expect.arrayContaining(['TimeStamp', 'Valid JSON', 'RawMessage']));
      await page.getByText(/ loaded$/).waitFor();
      await loadsMoreOnScroll(page);
      await page.screenshot({ path: `${SHOTS}/rawmessages-1440.png` });

      await search(page, null, 'SatCount');
      await page.getByText(/ found$/).waitFor();
      expect(await countText(page)).toMatch(/^\d+\+ messages found$/);
      const first = page.locator('tbody tr:not([aria-hidden])').first();
      expect(await first.textContent()).toContain('SatCount');
      await page
        .getByRole('button', { name: /^Show message \d+$/ })
        .first()
        .click();
      const details = page.locator('pre').first();
      await details.waitFor();
      const text = (await details.textContent()) ?? '';
      expect(text).toMatch(/^\{\n {2}"IMEI": "\d+",\n/);
      expect(JSON.parse(text)).toHaveProperty('SatCount');
      await page.screenshot({ path: `${SHOTS}/rawmessages-expanded-1440.png` });

      await search(page, null, 'zzz-no-such-message');
      await page.getByText('No messages found').waitFor();
      expect(await rowCount(page)).toBe(0);
    } finally {
      await close();
    }
  });

  it('shows cards on a phone, a message opening in its card', async () => {
    const { page, close } = await app.openPage(PHONE);
    try {
      await openAsAdmin(page, 'rawmessages');
      const card = page.getByRole('article').first();
      await card.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      await page.screenshot({ path: `${SHOTS}/rawmessages-390.png` });
      await card.getByRole('button', { name: /^Show message \d+$/ }).click();
      await card.locator('pre').waitFor();
      await page.screenshot({ path: `${SHOTS}/rawmessages-expanded-390.png` });
    } finally {
      await close();
    }
  });
});

describe('who reaches Log and Raw Messages', () => {
  it.each(['user@demo.test', 'reseller@demo.test', 'viewer@demo.test'])(
    'sends %s to / with the alert, from either screen',
    async (email) => {
      const { page, dialogs, close } = await app.openPage();
      try {
        await app.signIn(page, email);
        for (const path of ['log', 'rawmessages']) {
          await page.goto(app.url(path));
          await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
          expect(pathOf(page)).toBe('/');
        }
        expect(dialogs).toEqual([NOT_ALLOWED, NOT_ALLOWED]);
      } finally {
        await close();
      }
    },
  );
});
