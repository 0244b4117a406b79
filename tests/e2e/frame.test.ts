import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Device } from '../../src/shared/devices/devices';
import { pathOf, usePortal } from './support/app';
import { pageApi } from './support/page-api';

const app = usePortal();
const PHONE = { width: 390, height: 844 };
const MIN_TOUCH_PX = 44;

/** The page's horizontal extent and where the visible Account menu sits. */
async function measureHeader(page: Page) {
  const account = page.locator('nav[aria-label="Main"]:visible [data-menu="Account"]');
  await account.waitFor();
  const box = await account.boundingBox();
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  return { ...widths, account: box };
}

describe('the frame every screen shares (issue 10 item 9)', () => {
  it.each([1024, 1280, 1366, 1440])(
    "fits the admin's top bar at %i px: no sideways scroll, Account in view",
    async (width) => {
      const { page, close } = await app.openPage({ width, height: 800 });
      try {
        await app.signIn(page, 'admin@demo.test');
        const { scroll, viewport, account } = await measureHeader(page);
        expect(scroll).toBe(viewport);
        expect(account).not.toBeNull();
        if (!account) return;
        expect(account.x).toBeGreaterThanOrEqual(0);
        expect(account.x + account.width).toBeLessThanOrEqual(viewport);
      } finally {
        await close();
      }
    },
  );

  it('groups the library screens in the top bar, every spec entry one click away', async () => {
    const { page, close } = await app.openPage();
    try {
      await app.signIn(page, 'admin@demo.test');
      await page.locator('[data-menu="Library"]').click();
      const items = await page.getByRole('menuitem').allTextContents();
      expect(items).toEqual(['SettingsProfiles', 'QTLibrary', 'Firmware']);
    } finally {
      await close();
    }
  });

  it('shows a focus ring on a header link reached with Tab', async () => {
    const { page, close } = await app.openPage();
    try {
      await app.signIn(page, 'admin@demo.test');
      await page.locator('[data-menu="Customers"]').waitFor();
      let focused: string | null = null;
      for (let tab = 0; tab < 10 && focused !== 'Customers'; tab++) {
        await page.keyboard.press('Tab');
        focused = await page.evaluate(
          () => document.activeElement?.getAttribute('data-menu') ?? null,
        );
      }
      expect(focused).toBe('Customers');
      const ring = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement ?? document.body);
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
      expect(ring.style).not.toBe('none');
      expect(ring.width).toBeGreaterThanOrEqual(2);
    } finally {
      await close();
    }
  });

  it.each(['reseller@demo.test', 'admin@demo.test'])(
    'gives %s touch targets of 44 px and more on the devices page of a phone',
    async (email) => {
      const { page, close } = await app.openPage(PHONE);
      try {
        await app.signIn(page, email);
        await page.goto(app.url('devices'));
        await page.getByRole('heading', { name: 'Devices' }).waitFor();
        await page.locator('main a[href^="/device/"]').first().waitFor();
        const small = await page.evaluate((min) => {
          const controls = document.querySelectorAll<HTMLElement>(
            'header button, main button, main [role="button"], main select',
          );
          return Array.from(controls)
            .map((element) => ({ element, box: element.getBoundingClientRect() }))
            .filter(({ box }) => box.width > 0 && box.height > 0)
            .filter(({ box }) => box.width < min || box.height < min)
            .map(({ element, box }) => {
              const name = element.getAttribute('aria-label') ?? element.textContent;
              return `${name.trim()} ${String(box.width)}×${String(box.height)}`;
            });
        }, MIN_TOUCH_PX);
        expect(small).toEqual([]);
      } finally {
        await close();
      }
    },
  );

  it("says 'Not found' without a Retry for a device that does not exist", async () => {
    const { page, close } = await app.openPage();
    try {
      await app.signIn(page, 'user@demo.test');
      await page.goto(app.url('device/999999'));
      const alert = page.getByRole('alert').filter({ hasText: 'Not found' });
      await alert.waitFor();
      expect(await alert.textContent()).toContain('it does not exist');
      expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    } finally {
      await close();
    }
  });

  it("says 'Not found' for another customer's device, as for a missing one", async () => {
    const admin = await app.openPage();
    let foreign: Device | undefined;
    try {
      await app.signIn(admin.page, 'admin@demo.test');
      const devices = await pageApi<Device[]>(admin.page, 'devices/');
      foreign = devices.find((d) => d.Customer !== null && d.Customer !== 'Atlas Freight');
    } finally {
      await admin.close();
    }
    expect(foreign).toBeDefined();
    const { page, close } = await app.openPage();
    try {
      await app.signIn(page, 'user@demo.test');
      await page.goto(app.url(`device/${String(foreign?.Id)}`));
      await page.getByRole('alert').filter({ hasText: 'Not found' }).waitFor();
      expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('sends a Viewer who opens /features to / with the alert', async () => {
    const { page, dialogs, close } = await app.openPage();
    try {
      await app.signIn(page, 'viewer@demo.test');
      await page.goto(app.url('features'));
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expect(pathOf(page)).toBe('/');
      expect(dialogs).toEqual(["Hey! You're not allowed here!"]);
    } finally {
      await close();
    }
  });

  it('sends a user who is not a reseller away from the installation test', async () => {
    const { page, dialogs, close } = await app.openPage();
    try {
      await app.signIn(page, 'user@demo.test');
      await page.goto(app.url('devicetests'));
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expect(pathOf(page)).toBe('/');
      expect(dialogs).toEqual(["Hey! You're not allowed here!"]);
    } finally {
      await close();
    }
  });
});
