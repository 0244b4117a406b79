import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZXING_WASM_SHA256 } from 'barcode-detector/ponyfill';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '../../src/shared/devices/devices';
import { DEMO_PASSWORD } from './support/app';
import { axeViolations } from './support/axe';
import { writeBarcodeVideo } from './support/fake-camera';
import { apiAs } from './support/outbox';
import { launchBrowser, startPortal, type Portal } from './support/portal';

const ADMIN = 'admin@demo.test';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const SHOTS = '/tmp/shots/scan';

let portal: Portal | undefined;
// One camera shows the barcode of `device`'s IMEI, the other Chromium's moving test pattern.
let labelCamera: Browser | undefined;
let patternCamera: Browser | undefined;
let device: Device | undefined;
let other: Device | undefined;
const videoDir = mkdtempSync(path.join(tmpdir(), 'fp-scan-'));

beforeAll(async () => {
  portal = await startPortal();
  const devices = await (await apiAs(portal.baseUrl, ADMIN)).get<Device[]>('devices/chunk/');
  // From the middle of the first page: not simply the first row of any list.
  device = devices[Math.floor(devices.length / 2)];
  other = devices[0];
  if (!device) throw new Error('the demo has no devices');
  const video = path.join(videoDir, 'label.y4m');
  await writeBarcodeVideo(device.IMEI, video);
  labelCamera = await launchBrowser({ fakeCamera: video });
  patternCamera = await launchBrowser({ fakeCamera: true });
});
afterAll(async () => {
  await labelCamera?.close();
  await patternCamera?.close();
  await portal?.stop();
  rmSync(videoDir, { recursive: true, force: true });
});

const started = () => {
  if (!portal || !labelCamera || !patternCamera || !device || !other)
    throw new Error('the portal did not start');
  return { portal, labelCamera, patternCamera, device, other };
};
const url = (p: string) => new URL(p, started().portal.baseUrl).toString();

/**
 * A signed-in page whose camera may be used (unless `camera` is false), with what went wrong
 * on it: CSP violations, uncaught errors and requests to any other origin.
 */
async function openPage(browser: Browser, viewport = DESKTOP, camera = true) {
  const origin = new URL(started().portal.baseUrl).origin;
  const context = await browser.newContext({ viewport });
  if (camera) await context.grantPermissions(['camera'], { origin });
  const page = await context.newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const page = window as unknown as { reportCspViolation: (text: string) => void };
      page.reportCspViolation(`CSP: ${event.effectiveDirective} blocked ${event.blockedURI}`);
    });
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('request', (request) => {
    requests.push(request.url());
    if (new URL(request.url()).origin !== origin) problems.push(`off-origin: ${request.url()}`);
  });
  await page.goto(url('login'));
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  return { page, problems, requests, close: () => context.close() };
}

const scanDialog = (page: Page) => page.getByRole('dialog', { name: 'Scan the device label' });

describe('scanning a device label (issue 27 item 5)', () => {
  it('finds the device on /devicetest, with the reader from our origin, precached', async () => {
    const { device } = started();
    const { page, problems, requests, close } = await openPage(started().labelCamera);
    try {
      // The sign-in page and the dashboard load nothing of the scanner.
      expect(requests.filter((r) => /ScanDialog|zxing|scan-/.test(r))).toEqual([]);
      await page.goto(url('devicetest'));
      await page.getByRole('button', { name: 'Scan' }).click();
      await page.getByRole('article', { name: device.IMEI }).waitFor();
      await scanDialog(page).waitFor({ state: 'detached' });
      expect(await page.getByLabel('IMEI or serial number').inputValue()).toBe(device.IMEI);

      // Headless Chromium on Linux has no BarcodeDetector: the polyfill read the label.
      const wasm = requests.find((r) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(r));
      expect(wasm).toBeDefined();
      const served = Buffer.from(await (await fetch(wasm ?? '')).arrayBuffer());
      expect(createHash('sha256').update(served).digest('hex')).toBe(ZXING_WASM_SHA256);
      const precached = await page.evaluate(async (file) => {
        await navigator.serviceWorker.ready;
        return (await caches.match(file, { ignoreSearch: true })) !== undefined;
      }, wasm ?? '');
      expect(precached).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('searches the devices list by the scanned IMEI', async () => {
    const { device } = started();
    const { page, problems, close } = await openPage(started().labelCamera);
    try {
      await page.goto(url('devices'));
      await page.locator('table a[href^="/device/"]').first().waitFor();
      await page.getByRole('button', { name: 'Scan' }).click();
      await page.getByText('1 device found').waitFor();
      expect(await page.getByRole('searchbox', { name: 'Search text' }).inputValue()).toBe(
        device.IMEI,
      );
      expect(await page.locator('table a[href^="/device/"]').allTextContents()).toEqual([
        device.IMEI,
      ]);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('opens the scanned device from another device page, on the same tab', async () => {
    const { device, other } = started();
    const { page, problems, close } = await openPage(started().labelCamera);
    try {
      await page.goto(url(`device/${String(other.Id)}?tab=settings`));
      await page.getByRole('heading', { name: other.IMEI }).waitFor();
      await page.getByRole('button', { name: 'Scan another device' }).click();
      await page.getByRole('heading', { name: device.IMEI }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/device/${String(device.Id)}`);
      expect(new URL(page.url()).searchParams.get('tab')).toBe('settings');
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows an accessible dialog at phone and desktop sizes; Cancel returns focus', async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { page, problems, close } = await openPage(started().patternCamera, viewport);
      try {
        // Where the Scan buttons sit: the devices list's search bar and the device page's header.
        await page.goto(url('devices'));
        await page
          .getByRole('link', { name: /^\d{15}$/ })
          .first()
          .waitFor();
        await page.screenshot({ path: `${SHOTS}/devices-${name}.png` });
        await page.goto(url(`device/${String(started().other.Id)}`));
        await page.getByRole('button', { name: 'Scan another device' }).waitFor();
        await page.screenshot({ path: `${SHOTS}/device-${name}.png` });

        await page.goto(url('devicetest'));
        const scan = page.getByRole('button', { name: 'Scan' });
        await scan.click();
        await scanDialog(page)
          .getByText(/Point the camera at the IMEI barcode/)
          .waitFor();
        // The video plays (the test pattern moves), then the picture is taken.
        await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0);
        await page.screenshot({ path: `${SHOTS}/dialog-${name}.png` });
        expect(await axeViolations(page)).toEqual([]);
        const cancel = scanDialog(page).getByRole('button', { name: 'Cancel' });
        expect((await cancel.boundingBox())?.height).toBeGreaterThanOrEqual(44);
        await cancel.click();
        await scanDialog(page).waitFor({ state: 'detached' });
        expect(await scan.evaluate((button) => button === document.activeElement)).toBe(true);
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it('says plainly when the camera permission is refused', async () => {
    const { page, close } = await openPage(started().patternCamera, PHONE, false);
    try {
      await page.goto(url('devicetest'));
      await page.getByRole('button', { name: 'Scan' }).click();
      const alert = scanDialog(page).getByRole('alert');
      await alert.getByText('Camera access was refused').waitFor();
      await page.screenshot({ path: `${SHOTS}/refused-phone.png` });
      await scanDialog(page).getByRole('button', { name: 'Try again' }).waitFor();
    } finally {
      await close();
    }
  });
});
