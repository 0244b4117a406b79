import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pathOf, topLevelMenu, usePortal } from './support/app';
import { axeViolations } from './support/axe';
import { columnFit, columnsOutOfView } from './support/cells';

/**
 * The tacho screens (issue 12 items 2, 3, 4, 8) against the real server and the demo's download
 * history: a customer user with 'Tacho Download' (Atlas Freight), its viewer, a reseller
 * (NordTrack) and a user whose customer lacks the feature (Blue Line Buses).
 */
const app = usePortal();
const PHONE = { width: 390, height: 844 };
const OFFICE = { width: 1024, height: 768 };
const SHOTS = '/tmp/shots-tacho';
mkdirSync(SHOTS, { recursive: true });
const NOT_ALLOWED = "Hey! You're not allowed here!";
const NO_FEATURE = 'fleet@bluelinebuses.example';

const SCREENS = [
  { path: 'tachomassdownload', title: 'Tacho MassMemory Download' },
  { path: 'tachodriverdownload', title: 'Tacho DriverCard Download' },
  { path: 'tachoobject', title: 'Object Overview' },
  { path: 'tachodriver', title: 'Driver Overview' },
  { path: 'overviewgraph', title: 'State Graph' },
] as const;

async function open(page: Page, email: string, path: string): Promise<void> {
  await app.signIn(page, email);
  await page.goto(app.url(path));
}

const headers = (page: Page) => page.getByRole('columnheader').allTextContents();
const filterOptions = (page: Page) =>
  page.getByRole('combobox', { name: 'Search by' }).locator('option').allTextContents();
/** Rows of the desktop table (the virtualiser's spacer rows are aria-hidden). */
const rows = (page: Page) => page.locator('tbody tr:not([aria-hidden])');

async function expectAxeClean(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

describe('Tacho screens as a user with the feature (user@demo.test)', () => {
  it('lists the tacho screens in the Tacho dropdown', async () => {
    const { page, close } = await app.openPage();
    try {
      await app.signIn(page, 'user@demo.test');
      expect(await topLevelMenu(page)).toContain('Tacho');
      await page.locator('[data-menu="Tacho"]').click();
      expect(await page.getByRole('menuitem').allTextContents()).toEqual([
        'Mass Overview',
        'Driver Overview',
        'MassMemory Downloads',
        'DriverCard Downloads',
        'State Graph',
      ]);
      await page.getByRole('menuitem', { name: 'MassMemory Downloads' }).click();
      await page.getByRole('heading', { name: 'Tacho MassMemory Download' }).waitFor();
    } finally {
      await close();
    }
  });

  it('shows the mass memory downloads with their columns, states and actions; requests one', async () => {
    const { page, close } = await app.openPage();
    try {
      await open(page, 'user@demo.test', 'tachomassdownload');
      await page.getByRole('heading', { name: 'Tacho MassMemory Download' }).waitFor();
      await rows(page).first().waitFor();
      // At 1440 px VIN gives way (issue 25): every other column fits without scrolling.
      expect(await headers(page)).toEqual([
        'LicensePlate',
        'Name',
        'CardNumber',
        'IMEI',
        'FileName',
        'Upload',
        'From',
        'To',
        'ValidState',
        'Request',
        'Actions',
      ]);
      expect(await filterOptions(page)).toEqual([
        'LicensePlate',
        'CardNumber',
        'IMEI',
        'Name',
        'VIN',
      ]);
      const first = rows(page).first();
      expect(await first.getByRole('img', { name: /\(ValidState \d+\)$/ }).count()).toBe(1);
      expect(await first.locator('td').nth(6).textContent()).toMatch(
        /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/,
      );
      await page.screenshot({ path: `${SHOTS}/tachomassdownload-1440.png` });
      await expectAxeClean(page);

      // The request's answer is the toast, and the row shows the request afterwards.
      await first.getByRole('button', { name: /^Request mass download of / }).click();
      await page.locator('[data-sonner-toast][data-type="success"]').first().waitFor();
      await first.locator('[data-progress]').waitFor();
    } finally {
      await close();
    }
  });

  it('shows the driver card downloads with their filters', async () => {
    const { page, close } = await app.openPage();
    try {
      await open(page, 'user@demo.test', 'tachodriverdownload');
      await rows(page).first().waitFor();
      expect((await headers(page)).slice(0, 2)).toEqual(['Name', 'LicensePlate']);
      expect(await filterOptions(page)).toEqual(['Name', 'CardNumber', 'IMEI']);
      expect(
        await rows(page)
          .first()
          .getByRole('button', { name: /^Request card download of / })
          .count(),
      ).toBe(1);
      await page.screenshot({ path: `${SHOTS}/tachodriverdownload-1440.png` });
      await expectAxeClean(page);
    } finally {
      await close();
    }
  });

  it('shows the Object Overview with days left and the side panel of ticked vehicles', async () => {
    const { page, close } = await app.openPage();
    try {
      await open(page, 'user@demo.test', 'tachoobject');
      await page.getByRole('heading', { name: 'Object Overview', level: 1 }).waitFor();
      await rows(page).first().waitFor();
      const columns = await headers(page);
      expect(columns).toEqual(expect.arrayContaining(['LicensePlate', 'Days left', 'Next RDL']));
      expect(columns).not.toContain('Customer');
      expect(columns).not.toContain('IMEI');
      expect(await filterOptions(page)).toEqual(['LicensePlate', 'CardNumber']);
      // Days left: a whole number (negative in red) or 'Unknown'.
      const days = columns.indexOf('Days left');
      const dayTexts = await rows(page)
        .locator(`td:nth-child(${String(days + 1)})`)
        .allTextContents();
      for (const text of dayTexts) expect(text).toMatch(/^(-?\d+|Unknown)$/);
      for (const overdue of await page.locator('[data-overdue]').all()) {
        expect(await overdue.evaluate((e) => getComputedStyle(e).color)).toBe(
          await page.evaluate(() => {
            const probe = document.createElement('span');
            probe.className = 'text-rose-700';
            document.body.append(probe);
            const colour = getComputedStyle(probe).color;
            probe.remove();
            return colour;
          }),
        );
      }

      const panel = page.getByRole('complementary');
      await panel.getByText('No vehicles selected').waitFor();
      await page
        .getByRole('checkbox', { name: /^Select (?!all)/ })
        .first()
        .check();
      await panel.getByRole('heading', { name: 'Files of 1 vehicle' }).waitFor();
      expect(await panel.getByLabel('Start date').inputValue()).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      await panel.locator('ul[aria-label="Files"], :text("No files found")').first().waitFor();
      await page.screenshot({ path: `${SHOTS}/tachoobject-1440.png` });
      await expectAxeClean(page);
    } finally {
      await close();
    }
  });

  it('shows the Driver Overview and the State Graph', async () => {
    const { page, close } = await app.openPage();
    try {
      await open(page, 'user@demo.test', 'tachodriver');
      await page.getByRole('heading', { name: 'Driver Overview', level: 1 }).waitFor();
      await rows(page).first().waitFor();
      expect(await filterOptions(page)).toEqual(['Name', 'CardNumber']);
      await page
        .getByRole('checkbox', { name: /^Select (?!all)/ })
        .first()
        .check();
      await page
        .getByRole('complementary')
        .getByRole('heading', { name: 'Files of 1 driver' })
        .waitFor();
      await page.screenshot({ path: `${SHOTS}/tachodriver-1440.png` });
      await expectAxeClean(page);

      await page.goto(app.url('overviewgraph'));
      await page.getByRole('heading', { name: 'State Graph' }).waitFor();
      await page
        .getByRole('img', { name: /^Vehicles: Available \d+%/ })
        .first()
        .waitFor();
      expect(await page.getByRole('img', { name: /^Drivers: / }).count()).toBe(2);
      await page.getByText(/Available: more than \d+ days left/).waitFor();
      await page.screenshot({ path: `${SHOTS}/overviewgraph-1440.png` });
      await expectAxeClean(page);
    } finally {
      await close();
    }
  });

  it('fits every screen on a phone, the overview’s panel as a sheet', async () => {
    const { page, close } = await app.openPage(PHONE);
    try {
      await app.signIn(page, 'user@demo.test');
      for (const screen of SCREENS) {
        await page.goto(app.url(screen.path));
        await page.getByRole('heading', { name: screen.title, level: 1 }).waitFor();
        if (screen.path === 'overviewgraph') {
          await page
            .getByRole('img', { name: /^Vehicles: / })
            .first()
            .waitFor();
        } else {
          await page.getByRole('article').first().waitFor();
          expect(await page.locator('table').count()).toBe(0);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
        await page.screenshot({ path: `${SHOTS}/${screen.path}-390.png` });
        await expectAxeClean(page);
      }
      await page.goto(app.url('tachoobject'));
      await page
        .getByRole('checkbox', { name: /^Select (?!all)/ })
        .first()
        .check();
      await page.getByRole('button', { name: 'Show files' }).click();
      const sheet = page.getByRole('dialog', { name: 'Files of 1 vehicle' });
      await sheet.getByLabel('End date').waitFor();
      // The sheet slides in (150 ms): the screenshot waits for it to settle.
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS}/tachoobject-sheet-390.png` });
    } finally {
      await close();
    }
  });
});

describe('Tacho screens as a viewer and a reseller', () => {
  it('gives a viewer the downloads without the request action', async () => {
    const { page, close } = await app.openPage();
    try {
      await open(page, 'viewer@demo.test', 'tachomassdownload');
      const first = rows(page).first();
      await first.waitFor();
      expect(await first.getByRole('button', { name: /^Download / }).count()).toBe(1);
      expect(await page.getByRole('button', { name: /^Request / }).count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('gives a reseller the Customer column and the Object Overview’s IMEI filter', async () => {
    const { page, close } = await app.openPage();
    try {
      await open(page, 'reseller@demo.test', 'tachomassdownload');
      await rows(page).first().waitFor();
      expect((await headers(page))[0]).toBe('Customer');
      await page.getByRole('combobox', { name: 'Customer' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/tachomassdownload-reseller-1440.png` });

      await page.goto(app.url('tachodriverdownload'));
      await rows(page).first().waitFor();
      expect((await headers(page))[0]).toBe('Customer');

      await page.goto(app.url('tachoobject'));
      await rows(page).first().waitFor();
      const columns = await headers(page);
      expect(columns).toEqual(expect.arrayContaining(['Customer', 'IMEI']));
      expect(await filterOptions(page)).toEqual(['LicensePlate', 'CardNumber', 'IMEI']);
      await page.screenshot({ path: `${SHOTS}/tachoobject-reseller-1440.png` });
      await expectAxeClean(page);
    } finally {
      await close();
    }
  });
});

describe('Tacho screens at an office width (1024 px, issue 25)', () => {
  const KEY = ['Upload', 'From', 'To', 'ValidState', 'Request', 'Actions'];
  const DAYS = ['Data end', 'Days left', 'Next RDL', 'ValidState'];
  const WIDEST = [
    { path: 'tachomassdownload', key: ['Customer', 'LicensePlate', ...KEY] },
    { path: 'tachodriverdownload', key: ['Customer', 'Name', ...KEY] },
    { path: 'tachoobject', key: ['LicensePlate', ...DAYS] },
    { path: 'tachodriver', key: ['Name', ...DAYS] },
  ];

  it('shows a reseller the key columns whole, without sideways scrolling', async () => {
    const { page, close } = await app.openPage(OFFICE);
    try {
      await app.signIn(page, 'reseller@demo.test');
      for (const screen of WIDEST) {
        await page.goto(app.url(screen.path));
        await rows(page).first().waitFor();
        // The table fits its columns to its box once laid out.
        await expect
          .poll(() => columnsOutOfView(page, screen.key))
          .toEqual({ outOfView: [], scrollsSideways: false });
        const texts = screen.key.filter((h) => h !== 'Actions' && h !== 'ValidState');
        for (const fit of await columnFit(page, texts)) expect(fit.cut, fit.header).toEqual([]);
        // The customer filter keeps room for its text (it shrank to 48 px beside the panel).
        const filter = await page.getByRole('combobox', { name: 'Customer' }).boundingBox();
        expect(filter?.width).toBeGreaterThanOrEqual(200);
        await page.screenshot({ path: `${SHOTS}/${screen.path}-reseller-1024.png` });
      }
      await expectAxeClean(page);
    } finally {
      await close();
    }
  });
});

describe('Tacho screens without the feature (Blue Line Buses)', () => {
  it('shows no Tacho menu and sends every tacho route back home', async () => {
    const { page, dialogs, close } = await app.openPage();
    try {
      await app.signIn(page, NO_FEATURE);
      expect(await topLevelMenu(page)).not.toContain('Tacho');
      for (const screen of SCREENS) {
        await page.goto(app.url(screen.path));
        await page.waitForURL((url) => url.pathname === '/');
        expect(pathOf(page)).toBe('/');
      }
      expect(dialogs.length).toBeGreaterThanOrEqual(SCREENS.length);
      expect(new Set(dialogs)).toEqual(new Set([NOT_ALLOWED]));
    } finally {
      await close();
    }
  });
});
