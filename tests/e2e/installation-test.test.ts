import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEVICE_LINK_PATH } from '../../src/shared/devices/device-link';
import type { Device } from '../../src/shared/devices/devices';
import type { DeviceTestResult } from '../../src/shared/devices/device-tests';
import type { CanConfig } from '../../src/shared/libraries/libraries';
import { signDeviceMessage } from '../../src/server/auth/device-signing';
import { createSimulator, type Simulator } from '../../src/server/simulator/simulator';
import { DESKTOP, usePortal } from './support/app';
import { axeViolations } from './support/axe';
import { pageApi as api, issueCredential } from './support/page-api';

const app = usePortal();
const SAVED = /^Device test settings successfully (saved|updated)!$/;
const UPDATED = 'Device test settings successfully updated!';
const IBUTTON = 'E2E0000000000001';
const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/shots/devicetest';

async function deviceWithCustomer(page: Page): Promise<Device> {
  const device = (await api<Device[]>(page, 'devices/')).find((d) => d.CustomerId !== null);
  if (!device) throw new Error('no device with a customer');
  return device;
}

/** Search, choose the device, save its test settings and start: the live page opens. */
async function startTest(page: Page, device: Device): Promise<string> {
  await page.goto(app.url('devicetest'));
  await page.getByLabel('IMEI or serial number').fill(device.IMEI);
  const card = page.getByRole('article', { name: device.IMEI });
  await card.getByRole('button', { name: 'Run test' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Customer').waitFor();
  // Only the protocols the device can take, once each (the device page's rule).
  const library = await api<CanConfig[]>(page, 'canconfig/active/');
  const protocol = dialog.getByLabel(/^CAN protocol/);
  await protocol.locator('option').first().waitFor({ state: 'attached' });
  const offered = await protocol
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  const ofType = library.filter((c) => c.DeviceType === device.DeviceType).map((c) => c.Protocol);
  expect(new Set(offered).size).toBe(offered.length);
  // Besides the device's own protocol (kept even when not listed) and 'No CAN protocol' ('').
  const others = offered.filter((code) => code !== '' && code !== device.Protocol);
  expect(others.filter((code) => !ofType.includes(code))).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/setup-${String(page.viewportSize()?.width)}.png` });
  await dialog.getByRole('button', { name: 'Save & start test' }).click();
  const toast = page.getByText(SAVED).first();
  await toast.waitFor();
  const text = (await toast.textContent()) ?? '';
  await page.waitForURL((url) => url.pathname === `/devicetest/${String(device.Id)}`);
  await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
  await page.getByRole('list', { name: 'Test items' }).waitFor();
  return text;
}

/** Traffic from the simulated tracker, and a driver key presented at its reader. */
async function driveDevice(page: Page, device: Device): Promise<Simulator> {
  const { IMEI: imei, Credential: credential } = await issueCredential(page, device.Id);
  const simulator = createSimulator({
    url: app.url(DEVICE_LINK_PATH.slice(1)),
    devices: [{ imei, credential }],
    intervalMs: 1500,
    seed: 5,
  });
  simulator.start();
  const body = JSON.stringify({ IMEI: imei, Ibutton: IBUTTON });
  const response = await fetch(app.url(DEVICE_LINK_PATH.slice(1)), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...signDeviceMessage(credential, body) },
    body,
  });
  expect(response.status).toBe(200);
  return simulator;
}

/**
 * Answers every item that awaits a confirmation (`incorrect` ones with Incorrect) until the
 * result shows, and returns it.
 */
async function confirmUntilResult(page: Page, incorrect: string[] = []): Promise<string> {
  const result = page.locator('[data-result]');
  const deadline = Date.now() + 90_000;
  const switched = new Set<string>();
  while (!(await result.isVisible())) {
    // Outputs set to Remote Command: switch each once from the page; the device follows.
    const switches = page.locator('article[data-state="2"]').filter({
      has: page.getByRole('button', { name: 'Switch ON' }),
    });
    for (const title of await switches.evaluateAll((items) =>
      items.map((item) => item.getAttribute('aria-label') ?? ''),
    )) {
      if (switched.has(title)) continue;
      switched.add(title);
      await page
        .getByRole('article', { name: title, exact: true })
        .getByRole('button', { name: 'Switch ON' })
        .click({ timeout: 1000 })
        .catch(() => undefined);
    }
    if (Date.now() > deadline) {
      await page.screenshot({ path: `${SHOTS}/e2e-unfinished.png`, fullPage: true });
      throw new Error('the test did not finish');
    }
    const awaiting = page.locator('article[data-state="4"]');
    const titles = await awaiting.evaluateAll((items) =>
      items.map((item) => item.getAttribute('aria-label') ?? ''),
    );
    for (const title of titles) {
      const answer = incorrect.includes(title) ? 'Incorrect' : 'Correct';
      await page
        .getByRole('article', { name: title, exact: true })
        .getByRole('button', { name: answer, exact: true })
        .click({ timeout: 1000 })
        .catch(() => undefined); // the item may have changed meanwhile; the loop looks again
    }
    await page.waitForTimeout(300);
  }
  return (await result.textContent()) ?? '';
}

/** The newest stored result of the device must show in the overview, details expanded. */
async function seeInOverview(page: Page, imei: string, result: string): Promise<DeviceTestResult> {
  const [newest] = (await api<DeviceTestResult[]>(page, 'devicetests')).filter(
    (r) => r.IMEI === imei,
  );
  expect(newest?.TestResult).toBe(result);
  await page.getByRole('link', { name: 'Overview' }).first().click();
  await page.waitForURL((url) => url.pathname === '/devicetests');
  await page.getByLabel('Search').fill(imei);
  const row = page.getByRole('rowgroup').filter({ hasText: imei }).first();
  await row.waitFor();
  expect(await row.getByRole('cell').last().textContent()).toBe(result);
  await row.getByRole('button', { name: /Show details/ }).click();
  await row.locator(`#test-${String(newest?.Id)}`).waitFor();
  return newest as DeviceTestResult;
}

/** Whether the whole result banner is inside the viewport. */
const bannerInView = (page: Page) =>
  page.getByRole('region', { name: 'Test result' }).evaluate((banner) => {
    const { top, bottom } = banner.getBoundingClientRect();
    return top >= 0 && bottom <= window.innerHeight;
  });

/** Console errors and uncaught errors of the page, as they come. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

// A whole test waits for real device traffic: more than the default minute.
const WHOLE_TEST_MS = 150_000;

describe('installation test (spec 03 §2, §4)', () => {
  it(
    'runs a test to TEST OK, confirming every item, and lists it in the overview',
    async () => {
      const { page, close } = await app.openPage();
      let simulator: Simulator | undefined;
      try {
        await app.signIn(page, 'admin@demo.test');
        const device = await deviceWithCustomer(page);
        expect(await startTest(page, device)).toMatch(SAVED);
        simulator = await driveDevice(page, device);
        await page.getByRole('list', { name: 'Raw messages' }).waitFor();
        expect(await confirmUntilResult(page)).toBe('TEST OK');
        await page.getByRole('status', { name: 'Connection: Test finished' }).waitFor();
        await page.screenshot({ path: `${SHOTS}/e2e-test-ok.png`, fullPage: true });
        // With raw messages scrolling in their own box (scrollable-region-focusable).
        expect(await axeViolations(page)).toEqual([]);
        await simulator.stop();

        const stored = await seeInOverview(page, device.IMEI, 'TEST OK');
        expect(stored.ValidVIN && stored.ValidOdo).toBe(true);
        expect(stored.Ibutton).toBe(IBUTTON);
        // The demo's configuration: no DriverID (no iButton item), outputs 1 and 3 switched from
        // the page and confirmed, CAN data from the vehicle bus.
        const items = stored.Items ?? [];
        expect(items.map((i) => i.key)).not.toContain('ibutton');
        expect(stored.ValidIbutton).toBe(false);
        expect(items.find((i) => i.key === 'output1')).toMatchObject({
          state: 1,
          value: 'ON',
          ConfirmedBy: 'admin@demo.test',
        });
        expect(items.find((i) => i.key === 'can')?.state).toBe(1);
      } finally {
        await simulator?.stop();
        await close();
      }
    },
    WHOLE_TEST_MS,
  );

  it(
    'ends FAILED on a phone, the result scrolled into view; the settings saved before are updated',
    async () => {
      const { page, close } = await app.openPage(PHONE);
      let simulator: Simulator | undefined;
      try {
        await app.signIn(page, 'admin@demo.test');
        const device = await deviceWithCustomer(page);
        // The first test saved this device's settings: this time they are updated.
        expect(await startTest(page, device)).toBe(UPDATED);
        simulator = await driveDevice(page, device);
        expect(await confirmUntilResult(page, ['VIN'])).toBe('FAILED');
        // The installer was down at the items: the banner comes to them, and is announced.
        await expect.poll(() => bannerInView(page), { timeout: 5000 }).toBe(true);
        await page.getByRole('status').filter({ hasText: 'Test finished: FAILED' }).waitFor();
        await page.screenshot({ path: `${SHOTS}/e2e-failed-390.png` });
        await page.screenshot({ path: `${SHOTS}/e2e-failed.png`, fullPage: true });
        await simulator.stop();
        // The overview's table is the desktop's (phones get cards).
        await page.setViewportSize(DESKTOP);

        const stored = await seeInOverview(page, device.IMEI, 'FAILED');
        expect(stored.ValidVIN).toBe(false);
        expect(stored.ValidOdo).toBe(true);
        await page.screenshot({ path: `${SHOTS}/e2e-overview.png`, fullPage: true });
      } finally {
        await simulator?.stop();
        await close();
      }
    },
    WHOLE_TEST_MS,
  );

  it('opens the live page with no test running: plain words, no console errors, axe clean', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, close } = await app.openPage(viewport);
      try {
        await app.signIn(page, 'admin@demo.test');
        const devices = (await api<Device[]>(page, 'devices/')).filter((d) => d.CustomerId);
        const device = devices[1] ?? devices[0];
        if (!device) throw new Error('no device with a customer');
        const errors = consoleErrors(page);
        await page.goto(app.url(`devicetest/${String(device.Id)}`));
        await page.getByText('No test is running for this device').waitFor();
        await page.getByRole('button', { name: 'Start the test' }).waitFor();
        expect(await page.locator('body').textContent()).not.toMatch(/negotiat|TypeError|fetch/i);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/no-test-${String(viewport.width)}.png` });
        // Leaving stops nothing: there was nothing running (no refused call in the console).
        await page.getByRole('link', { name: 'Set up a test' }).click();
        await page.waitForURL((url) => url.pathname === '/devicetest');
        await page.waitForTimeout(300);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    }
  });
});
