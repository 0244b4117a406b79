import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_GUID } from '../../src/shared/devices/constants';
import type { Device, DeviceDetail } from '../../src/shared/devices/devices';
import { axeViolations } from './support/axe';
import { apiAs, eventually, signInPage } from './support/outbox';
import { launchBrowser, startPortal, type Portal } from './support/portal';
import { renewAtOnce, watchRenewals } from './support/renewal';

// A name the browser resolves to 127.0.0.1: the portal over plain http on it is an insecure
// origin, as for a phone on the LAN at http://192.168.x.y:8080 (localhost would count as secure).
const LAN_NAME = 'fleet.test';
// Access tokens of 20 s, so the second test sees the tabs renew (set-up ends before that: the app
// renews a token once it is within 10 s of its expiry, TOKEN_EXPIRY_MARGIN_MS).
const TOKEN_TTL_SECONDS = 20;
const USER = 'admin@demo.test';
const NOTICE = 'Not a secure address (http)';
const SHOTS = '/tmp/shots/session-origin';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

let portal: Portal | undefined;
let browser: Browser | undefined;
beforeAll(async () => {
  portal = await startPortal({ TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS) });
  browser = await launchBrowser({ loopbackNames: [LAN_NAME] });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const started = () => {
  if (!portal || !browser) throw new Error('the portal did not start');
  return { portal, browser };
};

/** The portal's address under the LAN name. */
const lanBase = () => {
  const base = new URL(started().portal.baseUrl);
  base.hostname = LAN_NAME;
  return base.toString();
};
const lanUrl = (path: string) => new URL(path, lanBase()).toString();

async function openContext(viewport = DESKTOP) {
  const context = await started().browser.newContext({ viewport });
  const dialogs: string[] = [];
  context.on('page', (page) => {
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
  });
  return { context, dialogs };
}

const notice = (page: Page) => page.getByRole('status').filter({ hasText: NOTICE });

async function editableDevice(): Promise<DeviceDetail> {
  const api = await apiAs(started().portal.baseUrl, USER);
  for (const device of await api.get<Device[]>('devices/')) {
    const detail = await api.get<DeviceDetail>(`devices/${device.Id}`);
    const profile = detail.NewConfig.settingsProfileID ?? EMPTY_GUID;
    if (profile === EMPTY_GUID || profile === '') return detail;
  }
  throw new Error('no device without a settings profile');
}

// The two tests side by side: the second spends most of its time waiting for its tokens to expire,
// and each has its own sign-in and context (decision 061).
describe.concurrent('the portal over plain http on a LAN address (issue 25)', () => {
  it('saves a device change, and says once what plain http costs', async () => {
    const { context, dialogs } = await openContext();
    try {
      const page = await context.newPage();
      await page.goto(lanUrl('login'));
      // What makes this origin different: no secure context, so no randomUUID, no service worker.
      expect(
        await page.evaluate(() => ({
          secure: window.isSecureContext,
          randomUUID: typeof crypto.randomUUID,
          serviceWorker: 'serviceWorker' in navigator,
          locks: 'locks' in navigator,
        })),
      ).toEqual({ secure: false, randomUUID: 'undefined', serviceWorker: false, locks: false });
      await notice(page).waitFor();
      // What else plain http costs, and the one step that ends it (decision 068).
      const said = await notice(page).textContent();
      expect(said).toContain('installing the app and scanning labels with the camera need https');
      expect(said).toContain('HTTPS=1 npm start (README: Try it on a phone)');
      await page.screenshot({ path: `${SHOTS}/insecure-login-1440.png` });
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: `${SHOTS}/insecure-login-390.png` });
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize(DESKTOP);

      await signInPage(page, lanBase(), USER);
      const device = await editableDevice();
      const current =
        device.NewConfig.settings.find((s) => s.SettingName === 'timedMessageInterval')?.Value ??
        '';
      const wanted = current === '97' ? '98' : '97';
      await page.goto(lanUrl(`device/${device.Id}?tab=settings`));
      await page.getByLabel('Timed message interval').fill(wanted);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(`Settings saved for ${device.IMEI}`).waitFor();

      // The server has it.
      const api = await apiAs(started().portal.baseUrl, USER);
      await eventually(async () => {
        const saved = await api.get<DeviceDetail>(`devices/${device.Id}`);
        return (
          saved.NewConfig.settings.find((s) => s.SettingName === 'timedMessageInterval')?.Value ===
          wanted
        );
      }, 'the setting on the server');

      // Shown until acknowledged, then not again in this browser: not on reload, not in a new tab.
      expect(await notice(page).count()).toBe(1);
      await notice(page).getByRole('button', { name: 'Got it' }).click();
      await page.reload();
      await page.getByRole('heading', { name: device.IMEI }).waitFor();
      const other = await context.newPage();
      await other.goto(lanUrl(''));
      await other.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expect(await notice(page).count()).toBe(0);
      expect(await notice(other).count()).toBe(0);
      expect(dialogs).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);

  it('keeps the session when two tabs renew at once without Web Locks', async () => {
    const { context, dialogs } = await openContext();
    try {
      const first = await context.newPage();
      await signInPage(first, lanBase(), USER);
      const second = await openSignedInTab(context);
      const renewals = watchRenewals(context);

      // Without Web Locks each tab renews on its own: both renewals reach the server together.
      const { cookies } = await renewAtOnce([context], [first, second], { together: 2 });
      const [cookie] = cookies;
      await eventually(
        () =>
          Promise.resolve(renewals.filter((renewal) => renewal.sentWith === cookie).length === 2),
        'both renewals to be answered',
      );
      expect(
        renewals.filter((renewal) => renewal.sentWith === cookie).map((renewal) => renewal.status),
      ).toEqual([200, 200]);
      expect(renewals.map((renewal) => renewal.status)).not.toContain(401);
      for (const page of [first, second]) {
        await page.goto(lanUrl('devices'));
        await page.getByRole('heading', { name: 'Devices' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/devices');
      }
      expect(dialogs).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});

async function openSignedInTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(lanUrl(''));
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  return page;
}
