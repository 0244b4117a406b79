import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deviceDetailKeys } from '../../src/app/features/device-detail/api/keys';
import { EMPTY_GUID } from '../../src/shared/devices/constants';
import type { Device, DeviceDetail } from '../../src/shared/devices/devices';
import {
  apiAs,
  controlledBySw,
  eventually,
  outboxBadge,
  outboxStatuses,
  PersistentBrowser,
  savedQueryKeys,
  signInPage,
} from './support/outbox';
import { startPortal, type Portal } from './support/portal';

const USER = 'admin@demo.test';
const CONFIGURATION = '$REQUEST,DD FF';
const RT = '$REQUEST,RT FF';
const SHOTS = '/tmp/shots/outbox';

let portal: Portal;
const browser = new PersistentBrowser();

beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await browser.dispose();
  await portal.stop();
});
// A test that failed while the server was paused must not take the next one down with it.
afterEach(async () => {
  await browser.context?.setOffline(false);
  const healthy = await fetch(new URL('api/health', portal.baseUrl)).then(
    (r) => r.ok,
    () => false,
  );
  if (!healthy) await portal.resume();
});

const url = (path: string) => new URL(path, portal.baseUrl).toString();

async function editableDevice(): Promise<DeviceDetail> {
  const api = await apiAs(portal.baseUrl, USER);
  for (const device of await api.get<Device[]>('devices/')) {
    const detail = await api.get<DeviceDetail>(`devices/${device.Id}`);
    const profile = detail.NewConfig.settingsProfileID ?? EMPTY_GUID;
    if (profile === EMPTY_GUID || profile === '') return detail;
  }
  throw new Error('no device without a settings profile');
}

const count = <T>(items: T[], match: (item: T) => boolean) => items.filter(match).length;

async function openDevice(page: Page, device: DeviceDetail, tab?: string) {
  await page.goto(url(`device/${device.Id}${tab ? `?tab=${tab}` : ''}`));
  await page.getByRole('heading', { name: device.IMEI }).waitFor();
}

describe('offline outbox (issue 4)', () => {
  it('queues a request, two settings and a note offline, keeps them through reloads and a browser restart, and sends each exactly once', async () => {
    const device = await editableDevice();
    const api = await apiAs(portal.baseUrl, USER);
    const requestsBefore = count(
      await api.requests(device.IMEI),
      (r) => r.Command === CONFIGURATION,
    );
    const settingsBefore = await api.settings(device.IMEI);
    const value = (name: string) =>
      device.NewConfig.settings.find((s) => s.SettingName === name)?.Value ?? '';
    const timed = value('timedMessageInterval') === '97' ? '98' : '97';
    const standby = value('standbyMessageInterval') === '7300' ? '7400' : '7300';
    const note = `Fitted offline ${String(Date.now())}`;

    let page = await browser.open();
    await signInPage(page, portal.baseUrl, USER);
    await controlledBySw(page);
    // Online: the device and its settings tab are seen (and cached).
    await openDevice(page, device, 'settings');
    await page.getByLabel('Timed message interval').waitFor();
    await openDevice(page, device);
    await page.getByRole('button', { name: 'Request Configuration' }).waitFor();
    // The app saves what it fetched a moment later; an installer would not lose signal sooner.
    await eventually(
      async () =>
        (await savedQueryKeys(page)).includes(JSON.stringify(deviceDetailKeys.device(device.Id))),
      'the device to be saved for offline use',
    );

    // The server goes away and the network with it.
    await portal.pause();
    await browser.context?.setOffline(true);
    await page.getByRole('button', { name: 'Request Configuration' }).click();
    await page.getByText('Saved to the Outbox').first().waitFor();

    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Timed message interval').fill(timed);
    await page.getByLabel('Standby message interval').fill(standby);
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByLabel('Changes in the Outbox')
      .getByText('timedMessageInterval = ' + timed)
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/e2e-settings-queued.png` });
    await eventually(async () => (await outboxBadge(page)) === 2, 'the badge to count 2');

    // And the device's note, on the Information tab.
    await page.getByRole('link', { name: 'Information', exact: true }).click();
    await page.getByLabel('Note').fill(note);
    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(async () => (await outboxBadge(page)) === 3, 'the badge to count 3');

    // A reload (the shell from the service worker) keeps the queue and the device seen online,
    // its form showing the queued note and its notice the queued settings.
    await page.reload();
    await page.getByRole('heading', { name: device.IMEI }).waitFor();
    await page
      .getByLabel('Changes in the Outbox')
      .getByText('timedMessageInterval = ' + timed)
      .waitFor();
    await eventually(
      async () => (await page.getByLabel('Note').inputValue()) === note,
      'the queued note in the form',
    );
    await eventually(async () => (await outboxBadge(page)) === 3, 'the badge after the reload');
    await page.goto(url('outbox'));
    await eventually(async () => (await outboxStatuses(page)).length === 3, 'the outbox list');
    expect(await outboxStatuses(page)).toEqual(['queued', 'queued', 'queued']);

    // Closing the browser and opening it again with the same profile keeps it too.
    await browser.close();
    page = await browser.open();
    await browser.context?.setOffline(true);
    await page.goto(url('outbox'));
    await eventually(async () => (await outboxStatuses(page)).length === 3, 'the restored list');
    expect(await outboxStatuses(page)).toEqual(['queued', 'queued', 'queued']);
    await eventually(async () => (await outboxBadge(page)) === 3, 'the badge after the restart');

    // Back online: all three go out, once.
    await portal.resume();
    await browser.context?.setOffline(false);
    await eventually(
      async () => (await outboxStatuses(page)).every((s) => s !== 'queued' && s !== 'sending'),
      'the queue to drain',
    );
    await eventually(async () => (await outboxBadge(page)) === 0, 'the badge to clear');
    await page.screenshot({ path: `${SHOTS}/e2e-outbox-sent.png`, fullPage: true });

    expect(count(await api.requests(device.IMEI), (r) => r.Command === CONFIGURATION)).toBe(
      requestsBefore + 1,
    );
    const settingsAfter = await api.settings(device.IMEI);
    const added = settingsAfter.filter((s) => !settingsBefore.some((b) => b.Id === s.Id));
    expect(added.map((s) => `${s.SettingName}=${s.Value}`).sort()).toEqual(
      [`standbyMessageInterval=${standby}`, `timedMessageInterval=${timed}`].sort(),
    );
    const current = await api.get<DeviceDetail>(`devices/${device.Id}`);
    const pending = (name: string) =>
      current.NewConfig.settings.find((s) => s.SettingName === name)?.Value;
    expect([pending('timedMessageInterval'), pending('standbyMessageInterval')]).toEqual([
      timed,
      standby,
    ]);
    expect(current.Note).toBe(note);
  }, 240_000);

  it('sends a request once even when the server dies after writing it, before answering', async () => {
    const device = await editableDevice();
    const api = await apiAs(portal.baseUrl, USER);
    const before = count(await api.requests(device.IMEI), (r) => r.Command === RT);
    const page = browser.context?.pages()[0] ?? (await browser.open());
    const context = page.context();

    await openDevice(page, device);
    await portal.pause();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Request RT' }).click();
    await page.getByText('Saved to the Outbox').first().waitFor();

    // The server is back before the route is set: a retry the outbox makes on its own timer
    // must not be fetched while the server is still stopped.
    await portal.resume();
    // The replay reaches the server, which writes it; then the server dies before answering.
    const keys: string[] = [];
    let diedAfterWriting = false;
    await context.route('**/api/devices/modemrequests/**', async (route) => {
      if (route.request().method() !== 'POST') {
        await route.continue();
        return;
      }
      const key = (await route.request().headerValue('Idempotency-Key')) ?? '';
      const first = keys.length === 0;
      keys.push(key);
      if (!first) {
        await route.continue();
        return;
      }
      await route.fetch();
      await portal.pause();
      diedAfterWriting = true;
      await route.abort('connectionreset');
    });
    await context.setOffline(false);
    // Waits for the answer and the stop, not just the request: a restart while the request is
    // still on its way would lose it.
    await eventually(
      () => Promise.resolve(diedAfterWriting),
      'the replay to be written, and the server to stop',
    );
    await portal.resume();
    expect(count(await api.requests(device.IMEI), (r) => r.Command === RT)).toBe(before + 1);

    // The app sends the same change again (same key) once the server is back: still one request.
    await eventually(() => Promise.resolve(keys.length >= 2), 'the second attempt');
    await page.goto(url('outbox'));
    const rt = page.locator('[data-entry]', { hasText: RT });
    await eventually(
      async () => (await rt.locator('[data-status]').getAttribute('data-status')) === 'awaiting',
      'the request to show as sent',
    );
    await context.unroute('**/api/devices/modemrequests/**');
    expect(new Set(keys).size).toBe(1);
    expect(count(await api.requests(device.IMEI), (r) => r.Command === RT)).toBe(before + 1);
  }, 240_000);
});
