import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { CustomTestData } from '../../src/shared/libraries/custom-test-data';
import { CUSTOMER_REQUIRED } from '../../src/shared/libraries/custom-test-data';
import { CUSTOM_TEST_DATA_FILE } from '../../src/shared/libraries/library-files';
import { pageApi } from './support/page-api';
import { toastOf, topLevelMenu, usePortal } from './support/app';
import { axeViolations } from './support/axe';
import { expectMessage, PHONE, settled, useUploadFiles, visit } from './support/libraries';

// Spec 03 "Custom Test Data (/CustomTestDataPage)": per role — admins upload and remove, users
// see and download their own customer's files, viewers read only.
const app = usePortal();
const file = useUploadFiles({
  'e2e-route-trace.csv': 'Timestamp,SpeedKmh\n2026-01-15T08:00Z,42\n',
});
const SHOTS = '/tmp/shots';
const PAGE = 'CustomTestDataPage';

describe('/CustomTestDataPage at 1440×900', () => {
  it('lets the admin see every customer’s files, upload one for a customer and remove it', async () => {
    const session = await app.openPage();
    const { page } = session;
    try {
      await app.signIn(page, 'admin@demo.test');
      await page.goto(app.url(PAGE));
      await page.getByRole('heading', { name: 'Custom Test Data', level: 1 }).waitFor();
      await page.getByRole('row', { name: /blue-line-buses-can-trace\.csv/ }).waitFor();
      expect(await page.getByRole('row', { name: /hansen-transport/ }).count()).toBe(2);
      // Not in the menu (spec 01 §2.2 does not list it); reached by its address.
      expect(await topLevelMenu(page)).not.toContain('Custom Test Data');
      await page.screenshot({ path: `${SHOTS}/custom-test-data-admin-1440.png` });
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Upload test data' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload test data' });
      const upload = dialog.getByRole('button', { name: 'Upload' });
      await upload.waitFor();
      expect(await upload.isDisabled()).toBe(true);
      const customer = dialog.getByLabel('Customer', { exact: true });
      await visit(customer);
      await expectMessage(customer, CUSTOMER_REQUIRED);
      await customer.selectOption({ label: 'Atlas Freight' });
      await dialog.getByLabel('File', { exact: true }).setInputFiles(file('e2e-route-trace.csv'));
      await dialog.getByText('e2e-route-trace.csv · 40 bytes').waitFor();
      expect(await dialog.getByText('At most 10 MB, any format').count()).toBe(1);
      await settled(dialog);
      await page.screenshot({ path: `${SHOTS}/custom-test-data-upload-1440.png` });
      expect(await axeViolations(page)).toEqual([]);
      await upload.click();
      await toastOf(page, 'e2e-route-trace.csv uploaded!').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('row', { name: /e2e-route-trace\.csv/ }).waitFor();
      const stored = (await pageApi<CustomTestData[]>(page, 'customtestdata/')).find(
        (f) => f.FileName === 'e2e-route-trace.csv',
      );
      expect(stored).toMatchObject({ Customer: 'Atlas Freight', Size: 40 });

      await page
        .getByRole('button', { name: 'Remove e2e-route-trace.csv of Atlas Freight' })
        .click();
      const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
      await settled(confirm);
      expect(await confirm.textContent()).toContain(
        'Are you sure you want to remove e2e-route-trace.csv of Atlas Freight?',
      );
      await page.screenshot({ path: `${SHOTS}/custom-test-data-remove-1440.png` });
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await toastOf(page, 'e2e-route-trace.csv removed!').waitFor();
      await expect
        .poll(() => page.getByRole('row', { name: /e2e-route-trace\.csv/ }).count())
        .toBe(0);
      expect(session.dialogs).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: `${SHOTS}/custom-test-data-failed-admin.png` });
      throw error;
    } finally {
      await session.close();
    }
  });

  it("shows a user only their customer's files, read-only, and downloads one", async () => {
    const session = await app.openPage();
    const { page } = session;
    try {
      await app.signIn(page, 'user@demo.test');
      await page.goto(app.url(PAGE));
      const row = page.getByRole('row', { name: /atlas-freight-can-trace\.csv/ });
      await row.waitFor();
      await topLevelMenu(page);
      expect(await page.getByRole('row').count()).toBe(3);
      expect(await page.getByRole('row', { name: /Hansen Transport/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Upload test data' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/custom-test-data-user-1440.png` });
      expect(await axeViolations(page)).toEqual([]);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: 'Download atlas-freight-can-trace.csv' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('atlas-freight-can-trace.csv');
      const saved = await readFile(await download.path());
      expect(saved.toString()).toMatch(/^Timestamp,SpeedKmh,EngineRpm,Ignition\n/);

      // The search: FileName, then nothing found.
      await page.getByRole('combobox', { name: 'Search by' }).selectOption('FileName');
      await page.getByRole('searchbox').fill('checklist');
      await expect.poll(() => page.getByRole('row').count()).toBe(2);
      await page.getByRole('searchbox').fill('no such file');
      await page.getByText('No Custom Test Data').waitFor();
      expect(session.dialogs).toEqual([]);
    } finally {
      await session.close();
    }
  });
});

describe('/CustomTestDataPage on a phone (390×844)', () => {
  it('shows the viewer their files as cards, read-only', async () => {
    const { page, close } = await app.openPage(PHONE);
    try {
      await app.signIn(page, 'viewer@demo.test');
      await page.goto(app.url(PAGE));
      await page.getByText('atlas-freight-installation-checklist.txt').first().waitFor();
      expect(await page.getByText('hansen-transport-can-trace.csv').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Upload test data' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
      expect(
        await page
          .getByRole('button', { name: 'Download atlas-freight-installation-checklist.txt' })
          .count(),
      ).toBe(1);
      await page.screenshot({ path: `${SHOTS}/custom-test-data-viewer-390.png` });
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('fits the admin’s upload dialog', async () => {
    const { page, close } = await app.openPage(PHONE);
    try {
      await app.signIn(page, 'admin@demo.test');
      await page.goto(app.url(PAGE));
      await page.getByText('blue-line-buses-can-trace.csv').first().waitFor();
      await page.screenshot({ path: `${SHOTS}/custom-test-data-admin-390.png` });
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Upload test data' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload test data' });
      const field = dialog.getByLabel('File', { exact: true });
      await field.focus();
      await field.blur();
      await expectMessage(field, CUSTOM_TEST_DATA_FILE.requiredMessage);
      await settled(dialog);
      await page.screenshot({ path: `${SHOTS}/custom-test-data-upload-390.png` });
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});
