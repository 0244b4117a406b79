import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Customer } from '../../src/shared/customers/customers';
import { pageApi } from './support/page-api';
import { toastOf, usePortal } from './support/app';
import { axeViolations } from './support/axe';

// Issue 25: every date field writes DD-MM-YYYY [HH:mm] as the rest of the portal does, in a
// browser whose own language writes mm/dd/yyyy.
const app = usePortal();
const SHOTS = '/tmp/shots/screens';
const EN_US = { locale: 'en-US' };
const PHONE = { width: 390, height: 844 };
const DAY = /^\d{2}-\d{2}-\d{4}$/;
const MINUTE = /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/;
const NAME = 'Date Field E2E';

/** Today in the browser's time zone, as the portal writes it. */
const today = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    const two = (n: number) => String(n).padStart(2, '0');
    return `${two(now.getDate())}-${two(now.getMonth() + 1)}-${String(now.getFullYear())}`;
  });

/** A field's message: the text of what describes its control (aria-describedby). */
const messageOf = (control: Locator) =>
  control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

const heightOf = async (locator: Locator) => (await locator.boundingBox())?.height ?? 0;

describe('date fields in an en-US browser', () => {
  mkdirSync(SHOTS, { recursive: true });

  it('Add Customer: the start date shows and takes DD-MM-YYYY, and the customer starts that day', async () => {
    const { page, close } = await app.openPage(undefined, EN_US);
    try {
      await app.signIn(page, 'admin@demo.test');
      expect(await page.evaluate(() => navigator.language)).toBe('en-US');
      await page.goto(app.url('customers'));
      await page.getByRole('button', { name: 'New Customer' }).click();
      const add = page.getByRole('dialog', { name: 'Add Customer' });
      const start = add.getByRole('textbox', { name: 'Start date' });
      expect(await start.inputValue()).toBe(await today(page));
      expect(await start.getAttribute('placeholder')).toBe('DD-MM-YYYY');
      expect(await heightOf(start)).toBeGreaterThanOrEqual(44);
      const calendar = add.getByRole('button', { name: 'Choose a date' });
      expect(await heightOf(calendar)).toBeGreaterThanOrEqual(44);

      // The browser's own order, month first, is no date here; the field says which it wants.
      await add.getByLabel('Name', { exact: true }).fill(NAME);
      await start.fill('12/31/2026');
      await start.blur();
      await expect.poll(() => messageOf(start)).toBe('There is no 12-31-2026');
      const save = add.getByRole('button', { name: 'Save' });
      expect(await save.isDisabled()).toBe(true);
      await start.fill('31-12-2026');
      await expect.poll(() => messageOf(start)).toBe('');
      // Keyboard: Tab goes from the text to the calendar button, its focus visible.
      await start.focus();
      await page.keyboard.press('Tab');
      expect(await calendar.evaluate((b) => b === document.activeElement)).toBe(true);
      expect(await calendar.evaluate((b) => getComputedStyle(b).outlineStyle)).toBe('solid');
      await page.screenshot({ path: `${SHOTS}/date-customer-1440.png` });
      expect(await axeViolations(page)).toEqual([]);

      await save.click();
      await toastOf(page, `Customer ${NAME} succesfully created!`).waitFor();
      const href = await page.getByRole('link', { name: NAME }).getAttribute('href');
      const created = await pageApi<Customer>(page, `customers/${href?.split('/').at(-1) ?? ''}`);
      expect(created.Start?.slice(0, 10)).toBe('2026-12-31');
    } finally {
      await close();
    }
  });

  it('a company card’s Valid Until, a replay window and the tacho panel’s days read the same way', async () => {
    const { page, close } = await app.openPage(undefined, EN_US);
    try {
      await app.signIn(page, 'admin@demo.test');
      const customers = await pageApi<Customer[]>(page, 'customers/');
      const atlas = customers.find((c) => c.Name === 'Atlas Freight');
      await page.goto(app.url(`customer/${String(atlas?.Id)}?tab=companycards`));
      await page.getByRole('button', { name: 'New Company Card' }).click();
      const card = page.getByRole('dialog', { name: 'New Company Card' });
      expect(await card.getByRole('textbox', { name: 'Valid Until' }).inputValue()).toMatch(DAY);
      await card.getByRole('button', { name: 'Cancel' }).click();
      await card.waitFor({ state: 'detached' });

      await page.goto(app.url('forwards'));
      await page
        .getByRole('button', { name: /^Health of / })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Replay' }).click();
      const replay = page.getByRole('dialog', { name: /^Replay / });
      for (const label of ['From', 'To']) {
        const field = replay.getByRole('textbox', { name: label, exact: true });
        expect(await field.inputValue()).toMatch(MINUTE);
        expect(await field.getAttribute('placeholder')).toBe('DD-MM-YYYY HH:mm');
      }
      await page.screenshot({ path: `${SHOTS}/date-replay-1440.png` });
      await replay.getByRole('button', { name: 'Cancel' }).click();

      await page.goto(app.url('tachoobject'));
      await page
        .getByRole('checkbox', { name: /^Select (?!all)/ })
        .first()
        .check();
      const panel = page.getByRole('complementary');
      const from = panel.getByRole('textbox', { name: 'Start date' });
      expect(await from.inputValue()).toMatch(DAY);
      const to = panel.getByRole('textbox', { name: 'End date' });
      expect(await to.inputValue()).toBe(await today(page));
      // Two days side by side in the panel: each shows whole beside its calendar button.
      const whole = (field: Locator) => field.evaluate((i) => i.scrollWidth <= i.clientWidth);
      expect([await whole(from), await whole(to)]).toEqual([true, true]);
      // Half-typed, the panel keeps its range; left so, the field says what it wants.
      await from.fill('01-01');
      await from.blur();
      await expect.poll(() => messageOf(from)).toBe('Enter the date as DD-MM-YYYY');
      await page.screenshot({ path: `${SHOTS}/date-tacho-1440.png` });
      await page.setViewportSize({ width: 1024, height: 768 });
      expect(await whole(to)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/date-tacho-1024.png` });
    } finally {
      await close();
    }
  });

  it('fits a phone: the start date and its calendar button at 390 px', async () => {
    const { page, close } = await app.openPage(PHONE, EN_US);
    try {
      await app.signIn(page, 'admin@demo.test');
      await page.goto(app.url('customers'));
      await page.getByRole('button', { name: 'New Customer' }).click();
      const add = page.getByRole('dialog', { name: 'Add Customer' });
      const start = add.getByRole('textbox', { name: 'Start date' });
      expect(await start.inputValue()).toBe(await today(page));
      expect(await start.getAttribute('inputmode')).toBe('numeric');
      await start.scrollIntoViewIfNeeded();
      const calendar = add.getByRole('button', { name: 'Choose a date' });
      const [field, button] = [await start.boundingBox(), await calendar.boundingBox()];
      expect(button && field && button.x + button.width <= field.x + field.width + 1).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      await page.screenshot({ path: `${SHOTS}/date-customer-390.png` });
    } finally {
      await close();
    }
  });
});
