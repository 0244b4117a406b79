import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_LINK_PATH } from '../../src/shared/devices/device-link';
import type { Rollout, RolloutDevice } from '../../src/shared/libraries/rollout-views';
import * as R from '../../src/shared/libraries/rollouts';
import { createSimulator, type Simulator } from '../../src/server/simulator/simulator';
import { pathOf, usePortal } from './support/app';
import { axeViolations } from './support/axe';
import { PHONE, settled } from './support/libraries';
import { pageApi, issueCredential } from './support/page-api';
import { readyToStart, SHOTS, startAndOpen } from './support/rollouts';

// Mass updates as staged rollouts: the QTLibrary and Firmware dialogs preview and start one, the
// rollout's screen follows it live (simulated trackers apply the canary), and the admin pauses,
// resumes and cancels it.
const app = usePortal();
beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

const FROM = 'IVECSW0006';
const TO = 'FMSGEN0008';

/** The focused element's outline style and its text. */
const focusedOutline = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element
      ? { style: getComputedStyle(element).outlineStyle, text: element.textContent }
      : null;
  });

const device = (page: Page, id: number) =>
  pageApi<RolloutDevice[]>(page, `rollouts/${String(id)}/devices`);

describe('mass updates as the admin at 1440×900', () => {
  it('previews a QTL update, starts it, follows it live, pauses, resumes and cancels it', async () => {
    const session = await app.openPage();
    const { page } = session;
    let simulator: Simulator | undefined;
    try {
      await app.signIn(page, 'admin@demo.test');
      await page.goto(app.url('canprotocol'));
      await page.getByRole('heading', { name: 'QTLibrarys', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Mass Update QTL' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mass Update QTL' });
      const preview = dialog.getByRole('button', { name: 'Preview' });
      const current = dialog.getByLabel('Current protocol code', { exact: true });
      const next = dialog.getByLabel('New protocol code', { exact: true });
      expect(await current.locator('option:checked').textContent()).toBe('--');
      expect(await next.locator('option:checked').textContent()).toBe('--');
      expect(await preview.isDisabled()).toBe(true);
      await current.selectOption(FROM);
      await next.selectOption(FROM);
      await dialog.getByText(R.SAME_PROTOCOL).waitFor();
      expect(await preview.isDisabled()).toBe(true);
      await next.selectOption(TO);
      await settled(dialog);
      await page.screenshot({ path: `${SHOTS}/rollouts-qtl-choose-1440.png` });
      expect(await axeViolations(page)).toEqual([]);

      await preview.click();
      await dialog.getByRole('heading', { name: `QTL ${FROM} → ${TO}` }).waitFor();
      await readyToStart(dialog);
      for (const group of R.PREVIEW_GROUPS) {
        await dialog.getByText(R.PREVIEW_GROUP_LABELS[group], { exact: true }).waitFor();
      }
      // The review's heading has focus; the keyboard goes on to Change and the first group,
      // each with a visible ring.
      for (const name of ['Change', R.PREVIEW_GROUP_LABELS.change]) {
        await page.keyboard.press('Tab');
        const focused = await focusedOutline(page);
        expect(focused?.style).toBe('solid');
        expect(focused?.text).toContain(name);
      }
      await page.keyboard.press('Enter');
      await settled(dialog);
      await page.screenshot({ path: `${SHOTS}/rollouts-qtl-review-1440.png` });
      expect(await axeViolations(page)).toEqual([]);
      const id = await startAndOpen(page, dialog, (n) => R.qtlMassUpdated(n, TO));

      await page.getByRole('heading', { name: `QTL ${FROM} → ${TO}`, level: 1 }).waitFor();
      const canary = page.locator('section').filter({ hasText: /^Canary/ });
      await canary.getByRole('img').waitFor();
      await page.getByRole('row').nth(1).waitFor();

      // The canary's trackers load the new protocol: their states move without a reload.
      const canaryDevices = (await device(page, id)).filter((d) => d.Stage === 0);
      expect(canaryDevices.length).toBeGreaterThan(0);
      const identities = [];
      for (const d of canaryDevices) {
        const { Credential } = await issueCredential(page, d.DeviceId);
        identities.push({ imei: d.Imei, credential: Credential });
      }
      simulator = createSimulator({
        url: app.url(DEVICE_LINK_PATH.slice(1)),
        devices: identities,
        intervalMs: 300,
        applyDelayMs: [100, 300],
        seed: 13,
      });
      simulator.start();
      const filter = page.getByRole('group', { name: 'Filter by state' });
      await filter.getByRole('button', { name: /^Applied/ }).waitFor({ timeout: 30_000 });
      await page
        .getByRole('row')
        .filter({ hasText: canaryDevices[0]?.Imei ?? '' })
        .filter({ hasText: 'Applied' })
        .waitFor({ timeout: 30_000 });
      await page.screenshot({ path: `${SHOTS}/rollouts-page-1440.png`, fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      await filter.getByRole('button', { name: /^Applied/ }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('state')).toBe('applied');
      await filter.getByRole('button', { name: /^All/ }).click();

      // Pause, resume, cancel.
      await page.getByRole('button', { name: 'Pause' }).click();
      await page.getByRole('status').filter({ hasText: 'Paused' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/rollouts-page-paused-1440.png` });
      await page.getByRole('button', { name: 'Resume' }).click();
      await page.getByRole('button', { name: 'Pause' }).waitFor();
      await page.getByRole('button', { name: 'Cancel rollout' }).click();
      const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
      await confirm
        .getByText(
          'Cancel this rollout? Devices that have not received the update will not get it.',
        )
        .waitFor();
      await settled(confirm);
      expect(await axeViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await confirm.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Cancel rollout' }).waitFor({ state: 'detached' });
      const stored = await pageApi<Rollout>(page, `rollouts/${String(id)}`);
      expect(stored.State).toBe('cancelled');
      expect(await page.locator('h1 + p').textContent()).toContain('Cancelled');
      expect(session.dialogs).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: `${SHOTS}/rollouts-failed-qtl-1440.png` });
      throw error;
    } finally {
      await simulator?.stop();
      await session.close();
    }
  });

  it("previews and starts a customer's firmware update, and lists it on /rollouts", async () => {
    const session = await app.openPage();
    const { page } = session;
    try {
      await app.signIn(page, 'admin@demo.test');
      await page.goto(app.url('firmware'));
      await page.getByRole('heading', { name: 'Firmware', level: 1 }).waitFor();

      // The booter dialog offers booters only.
      await page.getByRole('button', { name: 'Mass Update Booter' }).click();
      const booter = page.getByRole('dialog', { name: 'Mass Update Booter' });
      await booter.getByRole('button', { name: 'Submit' }).waitFor();
      await expect
        .poll(() => booter.getByLabel('Firmware', { exact: true }).locator('option').count())
        .toBeGreaterThan(1);
      const booters = await booter
        .getByLabel('Firmware', { exact: true })
        .locator('option')
        .allTextContents();
      expect(booters[0]).toBe('--');
      expect(booters.slice(1).every((label) => label.startsWith('1.'))).toBe(true);
      await booter.getByRole('button', { name: 'Cancel' }).click();
      await booter.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Mass Update Firmware' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mass Update Firmware' });
      const submit = dialog.getByRole('button', { name: 'Submit' });
      const customer = dialog.getByLabel('Customer', { exact: true });
      const firmware = dialog.getByLabel('Firmware', { exact: true });
      expect(await customer.locator('option:checked').textContent()).toBe('--');
      expect(await firmware.locator('option:checked').textContent()).toBe('--');
      expect(await submit.isDisabled()).toBe(true);
      await customer.selectOption({ label: 'Atlas Freight' });
      expect(await submit.isDisabled()).toBe(true);
      await firmware.selectOption({ label: '4.03.02 · QAN-ALL 4G' });
      await settled(dialog);
      await page.screenshot({ path: `${SHOTS}/rollouts-firmware-choose-1440.png` });
      await submit.click();
      await dialog
        .getByRole('heading', { name: /^Firmware 4\.03\.02 .* for Atlas Freight$/ })
        .waitFor();
      await readyToStart(dialog);
      await page.screenshot({ path: `${SHOTS}/rollouts-firmware-review-1440.png` });
      expect(await axeViolations(page)).toEqual([]);
      const id = await startAndOpen(page, dialog, (n) =>
        R.firmwareMassUpdated('firmware', n, '4.03.02'),
      );

      await page.getByRole('link', { name: '← Rollouts' }).click();
      await page.getByRole('heading', { name: 'Rollouts', level: 1 }).waitFor();
      const row = page.getByRole('row').filter({ hasText: 'for Atlas Freight' }).first();
      await row.waitFor();
      expect(await row.getByRole('cell').first().textContent()).toBe(String(id));
      expect(await row.textContent()).toContain('Running');
      await page.screenshot({ path: `${SHOTS}/rollouts-list-1440.png` });
      expect(await axeViolations(page)).toEqual([]);
      expect(session.dialogs).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: `${SHOTS}/rollouts-failed-firmware-1440.png` });
      throw error;
    } finally {
      await session.close();
    }
  });
});

describe('mass updates on a phone (390×844)', () => {
  it('fits the dialogs and both rollout screens', async () => {
    const { page, close } = await app.openPage(PHONE);
    try {
      await app.signIn(page, 'admin@demo.test');
      await page.goto(app.url('firmware'));
      await page.getByRole('button', { name: 'Mass Update Firmware' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mass Update Firmware' });
      await dialog
        .getByLabel('Customer', { exact: true })
        .selectOption({ label: 'Hansen Transport' });
      await dialog
        .getByLabel('Firmware', { exact: true })
        .selectOption({ label: '4.03.02 · QAN-ALL 4G' });
      await settled(dialog);
      await page.screenshot({ path: `${SHOTS}/rollouts-firmware-choose-390.png` });
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await readyToStart(dialog);
      await dialog.getByText(R.PREVIEW_GROUP_LABELS.change, { exact: true }).click();
      await settled(dialog);
      await page.screenshot({ path: `${SHOTS}/rollouts-firmware-review-390.png` });
      expect(await axeViolations(page)).toEqual([]);
      // The buttons stay in reach at the bottom of the sheet, 44 px high.
      const start = dialog.getByRole('button', { name: 'Start rollout' });
      expect((await start.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      await startAndOpen(page, dialog, (n) => R.firmwareMassUpdated('firmware', n, '4.03.02'));

      await page.getByRole('group', { name: 'Filter by state' }).waitFor();
      // A device's card, its IMEI a link to the device page.
      await page
        .getByRole('link', { name: /^\d{15}$/ })
        .first()
        .waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE.width);
      await page.screenshot({ path: `${SHOTS}/rollouts-page-390.png`, fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      for (const button of await page
        .getByRole('group', { name: 'Filter by state' })
        .getByRole('button')
        .all()) {
        expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      }

      await page.goto(app.url('rollouts'));
      await page.getByRole('heading', { name: 'Rollouts', level: 1 }).waitFor();
      await page.getByText('for Hansen Transport').first().waitFor();
      await page.screenshot({ path: `${SHOTS}/rollouts-list-390.png`, fullPage: true });
      expect(await axeViolations(page)).toEqual([]);

      await page.goto(app.url('canprotocol'));
      await page.getByText('DAFXF10603').first().waitFor();
      await page.screenshot({ path: `${SHOTS}/rollouts-qtl-header-390.png` });
      await page.getByRole('button', { name: 'Mass Update QTL' }).click();
      const qtl = page.getByRole('dialog', { name: 'Mass Update QTL' });
      await qtl.getByLabel('Current protocol code', { exact: true }).selectOption(FROM);
      await qtl.getByLabel('New protocol code', { exact: true }).selectOption('VOLVFH4001');
      await qtl.getByRole('button', { name: 'Preview' }).click();
      await qtl.getByText(/will be updated/).waitFor();
      await settled(qtl);
      await page.screenshot({ path: `${SHOTS}/rollouts-qtl-review-390.png` });
      expect(await axeViolations(page)).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: `${SHOTS}/rollouts-failed-390.png` });
      throw error;
    } finally {
      await close();
    }
  });
});

describe('who reaches the rollouts', () => {
  it('sends a user who is no admin to / with the alert', async () => {
    const { page, dialogs, close } = await app.openPage();
    try {
      await app.signIn(page, 'user@demo.test');
      await page.goto(app.url('rollouts'));
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expect(pathOf(page)).toBe('/');
      expect(dialogs).toEqual(["Hey! You're not allowed here!"]);
    } finally {
      await close();
    }
  });
});
