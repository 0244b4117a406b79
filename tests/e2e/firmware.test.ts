import { describe, expect, it } from 'vitest';
import * as F from '../../src/shared/libraries/firmware-library';
import { FILE_TOO_LARGE, FIRMWARE_FILE } from '../../src/shared/libraries/library-files';
import { pageApi } from './support/page-api';
import { toastOf, usePortal } from './support/app';
import { axeViolations } from './support/axe';
import {
  expectMessage,
  expectRules,
  enter,
  PHONE,
  settled,
  SHOTS,
  useUploadFiles,
} from './support/libraries';

// Spec 03 "Firmware (/firmware)": the admin's firmware screen, its upload, rules and delete.
const app = usePortal();
const file = useUploadFiles({
  'qan_4_9.99.01.fota': Buffer.alloc(2048, 3),
  'too-big.bin': Buffer.alloc(400_000, 2),
  'notes.txt': 'not a firmware image',
});

describe('/firmware as the admin at 1440×900', () => {
  it('creates a firmware after every rule spoke, edits it, and deletes it once inactive', async () => {
    const session = await app.openPage();
    const { page } = session;
    const NAME = '9.99.01 Application QAN-ALL 4G';
    try {
      await app.signIn(page, 'admin@demo.test');
      await page.goto(app.url('firmware'));
      await page.getByRole('heading', { name: 'Firmware', level: 1 }).waitFor();
      await page
        .getByRole('row', { name: /4\.03\.02/ })
        .first()
        .waitFor();
      await page.screenshot({ path: `${SHOTS}/firmware-1440.png` });
      expect(await axeViolations(page)).toEqual([]);

      // Delete is offered for the inactive ones only (spec 03 §4).
      const search = page.getByRole('searchbox');
      await search.fill('4.01.00');
      await expect
        .poll(() => page.getByRole('button', { name: /^Delete 4\.01\.00/ }).count())
        .toBe(3);
      await search.fill('4.03.00');
      await expect
        .poll(() => page.getByRole('button', { name: /^Edit 4\.03\.00/ }).count())
        .toBe(3);
      expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect.poll(() => search.inputValue()).toBe('');

      await page.getByRole('button', { name: 'New Firmware' }).click();
      const add = page.getByRole('dialog', { name: 'Create Firmware' });
      const field = (label: string) => add.getByLabel(label, { exact: true });
      const chosen = (label: string) => field(label).locator('option:checked').textContent();
      const save = add.getByRole('button', { name: 'Save Changes' });
      await save.waitFor();
      expect(await save.isDisabled()).toBe(true);
      expect(await add.getByText('Close', { exact: true }).count()).toBe(1);
      expect(await chosen('Type (Release)')).toBe('Test version');
      expect(await chosen('Device Type')).toBe('--');
      expect(await chosen('Type Firmware')).toBe('--');
      expect(await chosen('Status')).toBe('Active');

      await expectRules(field, [
        ['Version', '', F.VERSION_REQUIRED],
        ['Version', '9.99', F.VERSION_TOO_SHORT],
        ['Version', '9.99.01.1', F.VERSION_TOO_LONG],
      ]);
      // The selects start on '--' (0), which the rules refuse once the field was visited.
      for (const [label, message] of [
        ['Device Type', F.FIRMWARE_DEVICE_TYPE_REQUIRED],
        ['Type Firmware', F.FIRMWARE_TYPE_REQUIRED],
      ] as const) {
        await field(label).focus();
        await field(label).blur();
        await expectMessage(field(label), message);
      }
      const upload = field('Firmware File');
      await upload.focus();
      await upload.blur();
      await expectMessage(upload, FIRMWARE_FILE.requiredMessage);
      await upload.setInputFiles(file('notes.txt'));
      await expectMessage(upload, FIRMWARE_FILE.formatMessage);
      await upload.setInputFiles(file('too-big.bin'));
      await expectMessage(upload, FILE_TOO_LARGE);
      await page.screenshot({ path: `${SHOTS}/firmware-new-rules-1440.png` });
      expect(await save.isDisabled()).toBe(true);

      await enter(field('Version'), '9.99.01');
      await field('Type (Release)').selectOption({ label: 'Release' });
      await field('Device Type').selectOption({ label: 'QAN-ALL 4G' });
      await field('Type Firmware').selectOption({ label: 'Application' });
      await upload.setInputFiles(file('qan_4_9.99.01.fota'));
      await add.getByText('qan_4_9.99.01.fota · 2 KB').waitFor();
      await page.screenshot({ path: `${SHOTS}/firmware-new-filled-1440.png` });
      expect(await axeViolations(page)).toEqual([]);
      await save.click();
      await toastOf(page, 'Firmware 9.99.01 saved!').waitFor();
      await add.waitFor({ state: 'detached' });

      // Newest first: the new one heads the list; active, so no Delete.
      const first = page.getByRole('row').nth(1);
      await expect.poll(() => first.textContent()).toContain('9.99.01');
      expect(await first.textContent()).toContain('qan_4_9.99.01.fota · 2 KB');
      expect(await page.getByRole('button', { name: `Delete ${NAME}` }).count()).toBe(0);

      await page.getByRole('button', { name: `Edit ${NAME}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Firmware' });
      await edit.getByText('Current file: qan_4_9.99.01.fota · 2 KB').waitFor();
      await edit.getByLabel('Status', { exact: true }).selectOption({ label: 'InActive' });
      await page.screenshot({ path: `${SHOTS}/firmware-edit-1440.png` });
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await edit.waitFor({ state: 'detached' });
      await expect.poll(() => first.textContent()).toContain('InActive');
      const stored = (await pageApi<F.Firmware[]>(page, 'AddonBoardFW/')).find(
        (f) => f.Version === '9.99.01',
      );
      expect(stored).toMatchObject({ Active: false, Release: true, Size: 2048 });

      await page.getByRole('button', { name: `Delete ${NAME}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
      expect(await confirm.textContent()).toContain(
        'Are you sure you want to delete firmware 9.99.01 for QAN-ALL 4G?',
      );
      await settled(confirm);
      await page.screenshot({ path: `${SHOTS}/firmware-delete-1440.png` });
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await toastOf(page, 'Firmware 9.99.01 deleted!').waitFor();
      await expect.poll(() => page.getByRole('row', { name: /9\.99\.01/ }).count()).toBe(0);
      expect(session.dialogs).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: `${SHOTS}/failed-firmware-1440.png` });
      throw error;
    } finally {
      await session.close();
    }
  });

  it('fits a phone', async () => {
    const { page, close } = await app.openPage(PHONE);
    try {
      await app.signIn(page, 'admin@demo.test');
      await page.goto(app.url('firmware'));
      await page.getByText('4.03.02').first().waitFor();
      await page.screenshot({ path: `${SHOTS}/firmware-390.png` });
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'New Firmware' }).click();
      const add = page.getByRole('dialog', { name: 'Create Firmware' });
      await add.getByLabel('Firmware File', { exact: true }).setInputFiles(file('too-big.bin'));
      await add.getByText(FILE_TOO_LARGE).scrollIntoViewIfNeeded();
      await settled(add);
      await page.screenshot({ path: `${SHOTS}/firmware-new-390.png` });
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});
