import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Device, DeviceDetail } from '../../src/shared/devices/devices';
import { TACHO_KINDS, tachoDaysLeft, tachoNextRdl } from '../../src/shared/tacho/tacho';
import { DESKTOP, toastOf, usePortal } from './support/app';
import { axeViolations } from './support/axe';
import { pageApi as api } from './support/page-api';

const app = usePortal();
const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/shots-requests';

/** An own device whose vehicle unit has been downloaded (the demo's tacho history). */
async function downloadedDevice(page: Page): Promise<DeviceDetail> {
  for (const device of await api<Device[]>(page, 'devices/')) {
    const detail = await api<DeviceDetail>(page, `devices/${device.Id}`);
    if (detail.Tacho.Latest && !detail.Tacho.Request) return detail;
  }
  throw new Error('no device with a vehicle unit download in the demo data');
}

const card = (page: Page) => page.locator('section', { hasText: 'Tachograph' }).first();
const fact = (page: Page, label: string) => card(page).locator(`[data-fact="${label}"] dd`);

describe('the device page’s tachograph facts (issue 12 item 7)', () => {
  it('shows last download, days left and next RDL, and requests a download with a toast', async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, close } = await app.openPage(viewport);
      try {
        await app.signIn(page, 'user@demo.test');
        const device = await downloadedDevice(page);
        const latest = device.Tacho.Latest;
        if (!latest) throw new Error('unreachable');
        await page.goto(app.url(`device/${device.Id}`));
        await page.getByRole('heading', { name: 'Tachograph' }).waitFor();

        const daysLeft = tachoDaysLeft(TACHO_KINDS.vehicle, latest.PeriodTo);
        expect(await fact(page, 'Days left').textContent()).toBe(
          daysLeft === null ? 'Unknown' : String(daysLeft.days),
        );
        const nextRdl = tachoNextRdl(TACHO_KINDS.vehicle, latest.PeriodTo);
        const [y, m, d] = (nextRdl ?? '').slice(0, 10).split('-');
        expect(await fact(page, 'Next RDL').textContent()).toBe(
          nextRdl === null ? 'Unknown' : `${d ?? ''}-${m ?? ''}-${y ?? ''}`,
        );
        expect(await fact(page, 'Licence plate').textContent()).toBe(latest.LicensePlate ?? '');
        expect(await fact(page, 'Last download').textContent()).toMatch(
          /^\d\d-\d\d-\d{4} \d\d:\d\d$/,
        );
        if (daysLeft?.overdue)
          expect(await fact(page, 'Days left').getAttribute('class')).toContain('text-rose-700');
        expect(await axeViolations(page)).toEqual([]);

        await page.getByRole('button', { name: 'Request download' }).click();
        const plate = latest.LicensePlate ?? '';
        await toastOf(page, `Remote download requested for vehicle ${plate} (IMEI ${device.IMEI})`)
          .and(page.locator('[data-type="success"]'))
          .waitFor();
        await fact(page, 'Remote download')
          .filter({ hasText: /^Requested · \d\d-\d\d-\d{4} \d\d:\d\d$/ })
          .waitFor();
        await card(page).screenshot({
          path: `${SHOTS}/device-tacho-${String(viewport.width)}.png`,
        });
        await page.screenshot({
          path: `${SHOTS}/device-page-${String(viewport.width)}.png`,
          fullPage: true,
        });

        // A second press reuses the open request and says so, in a neutral toast (issue 25).
        await page.getByRole('button', { name: 'Request download' }).click();
        await toastOf(page, /was already requested on .+ UTC and is still waiting for the file/)
          .and(page.locator('[data-type="info"]'))
          .waitFor();
      } finally {
        await close();
      }
    }
  });

  it('shows the facts without the button to a Viewer, and nothing without the feature', async () => {
    const viewer = await app.openPage();
    try {
      await app.signIn(viewer.page, 'viewer@demo.test');
      const device = await downloadedDevice(viewer.page);
      await viewer.page.goto(app.url(`device/${device.Id}`));
      await viewer.page.getByRole('heading', { name: 'Tachograph' }).waitFor();
      expect(await viewer.page.getByRole('button', { name: 'Request download' }).count()).toBe(0);
    } finally {
      await viewer.close();
    }

    const other = await app.openPage();
    try {
      // Blue Line Buses lacks the 'Tacho Download' feature.
      await app.signIn(other.page, 'fleet@bluelinebuses.example');
      const [device] = await api<Device[]>(other.page, 'devices/');
      if (!device) throw new Error('Blue Line Buses has no devices');
      await other.page.goto(app.url(`device/${String(device.Id)}`));
      await other.page.getByText('Config in sync').waitFor();
      expect(await other.page.getByRole('heading', { name: 'Tachograph' }).count()).toBe(0);
    } finally {
      await other.close();
    }
  });
});
