import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EMPTY_GUID } from '../../src/shared/devices/constants';
import { DEVICE_LINK_PATH } from '../../src/shared/devices/device-link';
import type { Device, DeviceDetail } from '../../src/shared/devices/devices';
import { signDeviceMessage } from '../../src/server/auth/device-signing';
import { createSimulator, type Simulator } from '../../src/server/simulator/simulator';
import { usePortal } from './support/app';
import { pageApi as api, issueCredential } from './support/page-api';

const app = usePortal();
const PHONE = { width: 390, height: 844 };
const SETTING = 'timedMessageInterval';

/** Posts a signed message to the device link from outside the browser, as a tracker would. */
async function sendAsDevice(imei: string, credential: string): Promise<number> {
  const body = JSON.stringify({ IMEI: imei, Timestamp: new Date().toISOString() });
  const response = await fetch(app.url(DEVICE_LINK_PATH.slice(1)), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...signDeviceMessage(credential, body) },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

/** A device whose settings are editable: no settings profile applied. */
async function editableDevice(page: Page): Promise<DeviceDetail> {
  for (const device of await api<Device[]>(page, 'devices/')) {
    const detail = await api<DeviceDetail>(page, `devices/${device.Id}`);
    const profile = detail.NewConfig.settingsProfileID ?? EMPTY_GUID;
    if (profile === EMPTY_GUID || profile === '') return detail;
  }
  throw new Error('no device without a settings profile');
}

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The value beside a fact label of the Information tab. */
const fact = (page: Page, label: string) =>
  page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

describe('device detail (spec 01 §2.6)', () => {
  it('takes a setting from pending to processed and a request to executed', async () => {
    const { page, close } = await app.openPage();
    let simulator: Simulator | undefined;
    try {
      await app.signIn(page, 'admin@demo.test');
      const device = await editableDevice(page);
      const applied =
        device.CurrentConfig.settings.find((s) => s.SettingName === SETTING)?.Value ?? '';
      const wanted = applied === '90' ? '95' : '90';

      // Settings: save a change; it is pending, the applied value in brackets beside it.
      await page.goto(app.url(`device/${device.Id}?tab=settings`));
      await page.getByRole('heading', { name: device.IMEI }).waitFor();
      const field = page.getByLabel('Timed message interval');
      await field.fill(wanted);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(`Settings saved for ${device.IMEI}`).waitFor();
      await page.getByText('Device is not in sync').waitFor();
      await page.getByText(`(${applied} s)`).waitFor();
      expect(await field.inputValue()).toBe(wanted);

      // The simulated tracker picks the setting up and applies it.
      const { Credential: credential } = await issueCredential(page, device.Id);
      simulator = createSimulator({
        url: app.url(DEVICE_LINK_PATH.slice(1)),
        devices: [{ imei: device.IMEI, credential }],
        intervalMs: 300,
        applyDelayMs: [100, 400],
        seed: 11,
      });
      simulator.start();

      await page.getByRole('link', { name: 'Settings history' }).click();
      const row = page
        .getByRole('row')
        .filter({ hasText: SETTING })
        .filter({ hasText: wanted })
        .first();
      await row.waitFor();
      await eventually(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return (await row.locator('td').nth(3).textContent()) === 'Yes';
      }, "'Processed' Yes");

      await page.getByRole('link', { name: 'Information' }).click();
      await eventually(async () => {
        await page.reload();
        return (await fact(page, 'Config in sync').textContent()) === 'Yes';
      }, "'Config in sync' Yes");

      // Request Configuration: sent, then executed by the device.
      await page.getByRole('button', { name: 'Request Configuration' }).click();
      await page.getByText('The request has been sent').first().waitFor();
      await page.getByRole('link', { name: 'Requests' }).click();
      const request = page.getByRole('row').filter({ hasText: '$REQUEST,DD FF' }).first();
      await request.waitFor();
      await eventually(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        const executed = await request.locator('td').nth(2).textContent();
        return executed !== null && /^\d{2}-\d{2}-\d{4} /.test(executed);
      }, 'the request to be executed');
    } finally {
      await simulator?.stop();
      await close();
    }
  });

  it('lets an admin give a device a new credential, shown once; the old one stops working', async () => {
    const { page, close } = await app.openPage(PHONE);
    try {
      await app.signIn(page, 'admin@demo.test');
      const [device] = await api<Device[]>(page, 'devices/');
      if (!device) throw new Error('no device');
      const old = await issueCredential(page, device.Id);
      expect(await sendAsDevice(device.IMEI, old.Credential)).toBe(200);

      await page.goto(app.url(`device/${device.Id}`));
      await page.getByRole('button', { name: 'New device credential' }).click();
      const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
      await confirm.getByText('stops working at once').waitFor();
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      const shown = page.getByRole('dialog', { name: 'New device credential' });
      await shown.getByText('will not be shown again').waitFor();
      await shown.getByText(device.IMEI).waitFor();
      const credential = await shown.getByLabel('Credential').inputValue();
      expect(credential).toMatch(/^[A-Za-z0-9_-]{43}$/);

      expect(await sendAsDevice(device.IMEI, credential)).toBe(200);
      expect(await sendAsDevice(device.IMEI, old.Credential)).toBe(401);
      await shown.getByRole('button', { name: 'Done' }).click();
      await shown.waitFor({ state: 'detached' });
      // Gone from the page once closed: it is never shown again.
      expect(await page.content()).not.toContain(credential);
    } finally {
      await close();
    }
  });

  it('gives viewers a read-only screen', async () => {
    const { page, close } = await app.openPage();
    try {
      await app.signIn(page, 'viewer@demo.test');
      const [device] = await api<Device[]>(page, 'devices/');
      if (!device) throw new Error('the viewer sees no device');
      await page.goto(app.url(`device/${device.Id}`));
      await page.getByRole('heading', { name: device.IMEI }).waitFor();
      await fact(page, 'Config in sync').waitFor();
      expect(await page.getByRole('button', { name: /^Request / }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'New device credential' }).count()).toBe(0);

      await page.getByRole('link', { name: 'Settings', exact: true }).click();
      const antenna = page.getByLabel('GNSS antenna');
      await antenna.waitFor();
      expect(await antenna.isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('switches tabs with the picker on a phone, and links each tab', async () => {
    const { page, close } = await app.openPage(PHONE);
    try {
      await app.signIn(page, 'admin@demo.test');
      const [device] = await api<Device[]>(page, 'devices/');
      if (!device) throw new Error('no device');
      await page.goto(app.url(`device/${device.Id}`));
      const picker = page.getByRole('combobox', { name: 'Device section' });
      await picker.selectOption({ label: 'Requests' });
      await page.waitForURL((url) => url.searchParams.get('tab') === 'requests');
      await page.getByRole('heading', { name: 'Requests' }).waitFor();

      await page.goto(app.url(`device/${device.Id}?tab=settingshistory`));
      expect(await page.getByRole('combobox', { name: 'Device section' }).inputValue()).toBe(
        'settingshistory',
      );
      await page.getByRole('heading', { name: 'Settings history' }).waitFor();
    } finally {
      await close();
    }
  });
});
