import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceDetailKeys } from '../../src/app/features/device-detail/api/keys';
import type { Device, ModemRequest } from '../../src/shared/devices/devices';
import {
  apiAs,
  controlledBySw,
  eventually,
  outboxBadge,
  PersistentBrowser,
  savedQueryKeys,
  signInPage,
} from './support/outbox';
import { startPortal, type Portal } from './support/portal';

// Access tokens of 20 s (renewed at 15 s), so the test outlives one while offline.
const TOKEN_TTL_SECONDS = 20;
const USER = 'admin@demo.test';
const RT = '$REQUEST,RT FF';

let portal: Portal;
const browser = new PersistentBrowser();

beforeAll(async () => {
  portal = await startPortal({ TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS) });
});
afterAll(async () => {
  await browser.dispose();
  await portal.stop();
});

const url = (path: string) => new URL(path, portal.baseUrl).toString();
const storedToken = (page: Awaited<ReturnType<PersistentBrowser['open']>>) =>
  page.evaluate(() => localStorage.getItem('accessToken'));

describe('short-lived access tokens and the offline outbox (decision 023)', () => {
  it('keeps the installer signed in offline past the token expiry, then renews and replays once', async () => {
    const api = await apiAs(portal.baseUrl, USER);
    const [device] = await api.get<Device[]>('devices/');
    if (!device) throw new Error('no device');
    const rtCount = async () =>
      (await api.get<ModemRequest[]>(`devices/modemrequests/${device.IMEI}`)).filter(
        (r) => r.Command === RT,
      ).length;
    const before = await rtCount();

    const page = await browser.open();
    await signInPage(page, portal.baseUrl, USER);
    await controlledBySw(page);
    await page.goto(url(`device/${device.Id}`));
    await page.getByRole('button', { name: 'Request RT' }).waitFor();
    await eventually(
      async () =>
        (await savedQueryKeys(page)).includes(JSON.stringify(deviceDetailKeys.device(device.Id))),
      'the device to be saved for offline use',
    );
    const signedInToken = await storedToken(page);

    await portal.pause();
    await browser.context?.setOffline(true);
    await page.getByRole('button', { name: 'Request RT' }).click();
    await page.getByText('Saved to the Outbox').first().waitFor();

    // Past the token's expiry, offline: still signed in, also after a reload.
    const expires = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('auth') ?? '{}') as { Expires?: number }).Expires,
    );
    if (expires === undefined) throw new Error('no stored expiry');
    await eventually(
      () => Promise.resolve(Date.now() > expires * 1000),
      'the access token to expire',
      (TOKEN_TTL_SECONDS + 5) * 1000,
    );
    expect(expires).toBeLessThan(Date.now() / 1000);
    await page.reload();
    await page.getByRole('heading', { name: device.IMEI }).waitFor();
    await eventually(async () => (await outboxBadge(page)) === 1, 'the queued change');
    expect(browser.dialogs).toEqual([]);

    // Back online: the token is renewed through the refresh cookie and the change goes out once.
    await portal.resume();
    await browser.context?.setOffline(false);
    await eventually(async () => (await outboxBadge(page)) === 0, 'the queue to drain');
    await eventually(async () => (await rtCount()) === before + 1, 'the request on the server');
    const renewedToken = await storedToken(page);
    expect(renewedToken).not.toBeNull();
    expect(renewedToken).not.toBe(signedInToken);
    expect(browser.dialogs).toEqual([]);
    expect(new URL(page.url()).pathname).toBe(`/device/${device.Id}`);
    // Still exactly once, a moment later.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await rtCount()).toBe(before + 1);
  }, 240_000);
});
