import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import * as C from '../../src/shared/libraries/can-library';
import { CAN_CONFIG_FILE, FILE_TOO_LARGE } from '../../src/shared/libraries/library-files';
import { pageApi } from './support/page-api';
import { pathOf, toastOf, usePortal } from './support/app';
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

// Spec 03 "QTLibrary (/canprotocol)": the admin's QTLibrary screen, its file upload and rules;
// and neither library screen open to anyone else.
const app = usePortal();
const NOT_ALLOWED = "Hey! You're not allowed here!";
const CONFIG_BYTES = Buffer.alloc(1200, 7);
const file = useUploadFiles({
  'volvo-e2e.tlqs': CONFIG_BYTES,
  'too-big.tlqs': Buffer.alloc(40_000, 1),
  'notes.txt': 'not a configuration',
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const byProtocol = async (page: Page, protocol: string) =>
  (await pageApi<C.CanConfig[]>(page, 'canconfig/')).filter((c) => c.Protocol === protocol);

describe('/canprotocol as the admin at 1440×900', () => {
  it('creates a QTLibrary with its file after every rule spoke, then edits it without a file', async () => {
    const session = await app.openPage();
    const { page } = session;
    try {
      await app.signIn(page, 'admin@demo.test');
      await page.goto(app.url('canprotocol'));
      await page.getByRole('heading', { name: 'QTLibrarys', level: 1 }).waitFor();
      await page
        .getByRole('row', { name: /VOLVFH4001/ })
        .first()
        .waitFor();
      await page.screenshot({ path: `${SHOTS}/qtl-1440.png` });
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'New QTLibrary' }).click();
      const add = page.getByRole('dialog', { name: 'New QTLibrary' });
      const field = (label: string) => add.getByLabel(label, { exact: true });
      const save = add.getByRole('button', { name: 'Save Changes' });
      await save.waitFor();
      expect(await save.isDisabled()).toBe(true);
      expect(await add.getByText('Close', { exact: true }).count()).toBe(1);
      expect(await field('Active').getAttribute('aria-checked')).toBe('true');
      expect(await field('Device Type').locator('option:checked').textContent()).toBe('QAN-ALL 4G');
      await add.getByText('At most 36 KB, .tlqs or .s2s').waitFor();

      // Every rule of spec 03 §5, as the shared schema words it.
      await expectRules(field, [
        ['Protocol', '', C.PROTOCOL_REQUIRED],
        ['Protocol', 'E2E', C.PROTOCOL_TOO_SHORT],
        ['Protocol', 'E2EPROT0001', C.PROTOCOL_TOO_LONG],
        ['Version', '', C.CAN_VERSION_REQUIRED],
        ['Version', '1.0.0.0.0.0', C.CAN_VERSION_TOO_LONG],
        ['Brand', '', C.BRAND_REQUIRED],
        ['Name', '', C.CAN_NAME_REQUIRED],
        ['Name', 'Vo', C.CAN_NAME_TOO_SHORT],
      ]);
      const upload = field('Config File');
      await upload.setInputFiles(file('notes.txt'));
      await expectMessage(upload, CAN_CONFIG_FILE.formatMessage);
      await upload.setInputFiles(file('too-big.tlqs'));
      await expectMessage(upload, FILE_TOO_LARGE);
      await add.getByText('too-big.tlqs · 39 KB').waitFor();
      await page.screenshot({ path: `${SHOTS}/qtl-new-rules-1440.png` });
      await add.getByRole('button', { name: 'Remove too-big.tlqs' }).click();
      await expectMessage(upload, CAN_CONFIG_FILE.requiredMessage);
      expect(await save.isDisabled()).toBe(true);

      await enter(field('Protocol'), 'E2EPROT01');
      await enter(field('Version'), '1.0');
      await enter(field('Brand'), 'Volvo');
      await enter(field('Name'), 'E2E Volvo');
      await upload.setInputFiles(file('volvo-e2e.tlqs'));
      await add.getByText('volvo-e2e.tlqs · 1.2 KB').waitFor();
      // Keyboard focus on the picker rings its box.
      await field('Active').focus();
      await page.keyboard.press('Tab');
      expect(await upload.evaluate((e) => e === document.activeElement)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/qtl-new-filled-1440.png` });
      expect(await axeViolations(page)).toEqual([]);
      await save.click();
      // Top right, the toast covers 'New QTLibrary' (and stays while hovered): a click closes it.
      const savedToast = toastOf(page, 'CanProtocol E2E Volvo saved!');
      await savedToast.click();
      await savedToast.waitFor({ state: 'detached' });
      await add.waitFor({ state: 'detached' });

      const [saved] = await byProtocol(page, 'E2EPROT01');
      expect(saved).toMatchObject({ Filename: 'volvo-e2e.tlqs', Size: 1200, DeviceType: 4 });
      expect(saved?.Sha256).toBe(sha256(CONFIG_BYTES));
      await page.getByRole('searchbox').fill('E2EPROT');
      const row = page.getByRole('row', { name: /E2EPROT01/ });
      expect(await row.textContent()).toContain('volvo-e2e.tlqs · 1.2 KB');

      // The server's refusal lands on its field: one active entry per protocol and device type.
      await page.getByRole('button', { name: 'New QTLibrary' }).click();
      await enter(field('Protocol'), 'E2EPROT01');
      await enter(field('Version'), '1.1');
      await enter(field('Brand'), 'Volvo');
      await enter(field('Name'), 'E2E Volvo again');
      await upload.setInputFiles(file('volvo-e2e.tlqs'));
      await save.click();
      await expectMessage(field('Protocol'), C.PROTOCOL_TAKEN);
      await add.getByText('Close', { exact: true }).click();
      await add.waitFor({ state: 'detached' });

      await row.getByRole('button', { name: 'Edit E2EPROT01 1.0 QAN-ALL 4G' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit QTLibrary' });
      await edit.getByText('Current file: volvo-e2e.tlqs · 1.2 KB').waitFor();
      await edit.getByLabel('Version', { exact: true }).fill('1.1');
      await page.screenshot({ path: `${SHOTS}/qtl-edit-1440.png` });
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await edit.waitFor({ state: 'detached' });
      await expect.poll(() => row.textContent()).toContain('1.1');
      const [edited] = await byProtocol(page, 'E2EPROT01');
      expect(edited).toMatchObject({ Version: '1.1', Filename: 'volvo-e2e.tlqs', Size: 1200 });
      expect(edited?.Sha256).toBe(sha256(CONFIG_BYTES));
      expect(session.dialogs).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: `${SHOTS}/failed-qtl-1440.png` });
      throw error;
    } finally {
      await session.close();
    }
  });

  it('fits a phone', async () => {
    const { page, close } = await app.openPage(PHONE);
    try {
      await app.signIn(page, 'admin@demo.test');
      await page.goto(app.url('canprotocol'));
      // Ordered by protocol: the DAF entries come first.
      await page.getByText('DAFXF10603').first().waitFor();
      await page.screenshot({ path: `${SHOTS}/qtl-390.png` });
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'New QTLibrary' }).click();
      const add = page.getByRole('dialog', { name: 'New QTLibrary' });
      await add.getByLabel('Config File', { exact: true }).setInputFiles(file('too-big.tlqs'));
      await add.getByText(FILE_TOO_LARGE).scrollIntoViewIfNeeded();
      await settled(add);
      await page.screenshot({ path: `${SHOTS}/qtl-new-390.png` });
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('who reaches the libraries', () => {
  it.each(['user@demo.test', 'reseller@demo.test', 'viewer@demo.test'])(
    'sends %s to / with the alert, from either screen',
    async (email) => {
      const { page, dialogs, close } = await app.openPage();
      try {
        await app.signIn(page, email);
        for (const screen of ['canprotocol', 'firmware']) {
          await page.goto(app.url(screen));
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
