import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Customer } from '../../src/shared/customers/customers';
import type { Device } from '../../src/shared/devices/devices';
import { usePortal } from './support/app';
import { columnFit } from './support/cells';

const app = usePortal();

/** A GET as the signed-in page makes it, to pick data and check the outcome by the API. */
const apiGet = <T>(page: Page, path: string): Promise<T> =>
  page.evaluate<T, string>(async (p) => {
    const response = await fetch(`/api/${p}`, {
      headers: { Authorization: `Bearer ${String(localStorage.getItem('accessToken'))}` },
    });
    return (await response.json()) as T;
  }, path);

const imeiLinks = (page: Page) => page.locator('table a[href^="/device/"]');

async function openDevices(page: Page, email: string): Promise<void> {
  await app.signIn(page, email);
  await page.goto(app.url('devices'));
  await imeiLinks(page).first().waitFor();
}

describe('devices list (spec 02 "Devices page") at 1440×900', () => {
  it('lets a reseller find a device by IMEI', async () => {
    const { page, close } = await app.openPage();
    try {
      await openDevices(page, 'reseller@demo.test');
      const devices = await apiGet<Device[]>(page, 'devices/chunk/');
      // One from the middle of the page, so it is not simply the first row.
      const wanted = devices[Math.floor(devices.length / 2)];
      if (!wanted) throw new Error('the reseller has no devices');

      await page.getByRole('searchbox', { name: 'Search text' }).fill(wanted.IMEI);
      await page.getByText('1 device found').waitFor();
      expect(await imeiLinks(page).allTextContents()).toEqual([wanted.IMEI]);
      expect(await imeiLinks(page).first().getAttribute('href')).toBe(`/device/${wanted.Id}`);
    } finally {
      await close();
    }
  });

  it('lets a reseller move two devices to another customer through the modal', async () => {
    const { page, close } = await app.openPage();
    try {
      await openDevices(page, 'reseller@demo.test');
      const customers = await apiGet<Customer[]>(page, 'customers/');
      const target = customers.find((c) => c.Name === 'Hansen Transport');
      if (!target) throw new Error('the demo data has no Hansen Transport');
      // Two of the first rows (in view without scrolling) that are not with that customer yet.
      const devices = await apiGet<Device[]>(page, 'devices/chunk/');
      const moving = devices
        .slice(0, 10)
        .filter((d) => d.CustomerId !== target.Id)
        .slice(0, 2);
      expect(moving).toHaveLength(2);

      for (const device of moving) {
        await page.getByRole('checkbox', { name: `Select ${device.IMEI}` }).check();
      }
      const footer = page.getByRole('group', { name: 'Selection' });
      await footer.getByText('2 devices selected').waitFor();
      await footer.getByRole('button', { name: 'Change Customer' }).click();

      const dialog = page.getByRole('dialog');
      await dialog.getByText('You are about to change 2 device(s).').waitFor();
      await dialog.getByLabel('Customer').selectOption({ label: target.Name });
      await dialog.getByRole('button', { name: 'Save' }).click();

      await page.getByText('2 device(s) succesfully added to customer').waitFor();
      await dialog.waitFor({ state: 'detached' });
      for (const device of moving) {
        const row = page.locator('tr', {
          has: page.getByRole('link', { name: device.IMEI, exact: true }),
        });
        await row.getByRole('cell', { name: target.Name, exact: true }).waitFor();
        const [after] = await apiGet<Device[]>(page, `devices/search/IMEI/${device.IMEI}`);
        expect(after?.CustomerId).toBe(target.Id);
      }
      await footer.getByText('0 devices selected').waitFor();
    } finally {
      await close();
    }
  });

  it('shows a viewer no checkboxes and no Change Customer', async () => {
    const { page, close } = await app.openPage();
    try {
      await openDevices(page, 'viewer@demo.test');
      expect(await page.getByRole('checkbox').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Change Customer' }).count()).toBe(0);
      // The viewer's customer has 'Tacho Download': the column is there.
      await page.getByRole('columnheader', { name: 'Last Download' }).waitFor();
    } finally {
      await close();
    }
  });

  it('fits the widest table at 1440 px: no sideways scroll, identifiers whole', async () => {
    const { page, close } = await app.openPage();
    try {
      // The viewer's customer has 'Tacho Download': all thirteen columns.
      await openDevices(page, 'viewer@demo.test');
      const fit = await page.evaluate(() => {
        const box = document.querySelector('table')?.parentElement;
        const whole = (column: number) =>
          Array.from(
            document.querySelectorAll(`tbody tr:not([aria-hidden]) > td:nth-child(${column})`),
          ).every((td) => {
            const range = document.createRange();
            range.selectNodeContents(td);
            return range.getBoundingClientRect().width <= td.clientWidth;
          });
        return {
          page: document.documentElement.scrollWidth - window.innerWidth,
          table: box ? box.scrollWidth - box.clientWidth : -1,
          // IMEI, ICCID, LastMsg.
          identifiers: [2, 10, 12].map(whole),
        };
      });
      expect(fit).toEqual({ page: 0, table: 0, identifiers: [true, true, true] });
      await page.screenshot({ path: '/tmp/shots/devices/e2e-viewer-1440.png' });
    } finally {
      await close();
    }
  });

  it('shows Customer and Name (the brand in brackets) whole at 1440 px, and at 1024 px beside a sideways scroll', async () => {
    // The admin's table is the widest: checkboxes, Last Download and the row action.
    const { page, close } = await app.openPage();
    try {
      await openDevices(page, 'admin@demo.test');
      const names = page.locator('tbody td:nth-child(9)');
      expect((await names.allTextContents()).some((name) => / \(.+\)$/.test(name))).toBe(true);
      const whole = [
        { header: 'Customer', cut: [] },
        { header: 'Name', cut: [] },
      ];
      const fit = async () =>
        (await columnFit(page, ['Customer', 'Name'])).map(({ header, cells, cut }) => {
          expect(cells).toBeGreaterThan(5);
          return { header, cut };
        });
      expect(await fit()).toEqual(whole);
      const sideways = () =>
        page.evaluate(() => {
          const box = document.querySelector('table')?.parentElement;
          return {
            page: document.documentElement.scrollWidth - window.innerWidth,
            table: box ? box.scrollWidth > box.clientWidth : null,
          };
        });
      expect(await sideways()).toEqual({ page: 0, table: false });
      await page.screenshot({ path: '/tmp/shots/devices/e2e-names-1440.png' });

      // The longest name of the demo library, with its brand.
      await page.getByLabel('Search by').selectOption('ProtocolName');
      await page.getByRole('searchbox', { name: 'Search text' }).fill('Actros');
      await page.getByText(/devices? found/).waitFor();
      await page.getByRole('cell', { name: 'Actros MP5 (Mercedes-Benz)' }).first().waitFor();
      expect(await fit()).toEqual(whole);

      // Below the columns' sum the table scrolls sideways (the page does not); names stay whole.
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.getByText('100 loaded').waitFor();
      expect(await fit()).toEqual(whole);
      expect(await sideways()).toEqual({ page: 0, table: true });
      await page.screenshot({ path: '/tmp/shots/devices/e2e-names-1024.png' });
    } finally {
      await close();
    }
  });

  it('shows a reseller cards on a phone, with 44 px targets and a visible focus ring', async () => {
    const { page, close } = await app.openPage({ width: 390, height: 844 });
    try {
      await app.signIn(page, 'reseller@demo.test');
      await page.goto(app.url('devices'));
      const card = page.getByRole('article').first();
      await card.waitFor();
      expect(await page.locator('table').count()).toBe(0);
      const size = async (locator: Locator) => {
        const box = await locator.boundingBox();
        return [Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)];
      };
      const imei = card.locator('a[href^="/device/"]');
      const [, linkHeight] = await size(imei);
      expect(linkHeight).toBeGreaterThanOrEqual(44);
      const [boxWidth, boxHeight] = await size(
        card.locator('label', { has: page.getByRole('checkbox') }),
      );
      expect(Math.min(boxWidth ?? 0, boxHeight ?? 0)).toBeGreaterThanOrEqual(44);
      const [, buttonHeight] = await size(card.getByRole('button', { name: 'Change Customer' }));
      expect(buttonHeight).toBeGreaterThanOrEqual(44);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

      await page.keyboard.press('Tab');
      await imei.focus();
      const outline = await imei.evaluate((a) => getComputedStyle(a).outlineStyle);
      expect(outline).not.toBe('none');
      await page.screenshot({ path: '/tmp/shots/devices/e2e-reseller-390.png' });
    } finally {
      await close();
    }
  });
});
