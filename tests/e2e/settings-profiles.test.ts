import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Customer } from '../../src/shared/customers/customers';
import type { DeviceDetail } from '../../src/shared/devices/devices';
import type { Endpoint } from '../../src/shared/forwards/endpoints';
import {
  PROFILE_INTERVAL_MESSAGE,
  type SettingsProfile,
  type SettingsProfileBodyInput,
} from '../../src/shared/settings-profiles/settings-profiles';
import { ENDPOINT_OF_ANOTHER_CUSTOMER } from '../../src/server/modules/settings-profiles/service';
import { pathOf, toastOf, usePortal } from './support/app';
import { axeViolations } from './support/axe';
import { expectMessage } from './support/libraries';
import {
  callApi,
  deviceWithoutProfile,
  PHONE,
  settled,
  SHOTS,
  wantedSetting,
  wizardPage,
} from './support/settings-profiles';

// Spec 03 "Settings Profiles" (issue 14): the list, the wizard and profiles on devices.
const app = usePortal();
const NOT_ALLOWED = "Hey! You're not allowed here!";

const next = async (page: Page, title: string) => {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => wizardPage(page)).toBe(title);
};
const expectAxeClean = async (page: Page) => {
  expect(await axeViolations(page)).toEqual([]);
};

/** A screenshot for the engineer to look at, then axe on the same state. */
const shootAndCheck = async (page: Page, name: string, options: { fullPage?: boolean } = {}) => {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, ...options });
  await expectAxeClean(page);
};

describe('/settingsProfiles (spec 03 §2, §6)', () => {
  it('is the admins’: the list with its buttons; users and viewers are sent home', async () => {
    const admin = await app.openPage();
    try {
      await app.signIn(admin.page, 'admin@demo.test');
      await admin.page.goto(app.url('settingsProfiles'));
      await admin.page.getByRole('heading', { name: 'SettingsProfiles', level: 1 }).waitFor();
      const standard = admin.page.getByRole('row', { name: /Standard tracking/ });
      await standard.waitFor();
      expect(await standard.textContent()).toContain('No firmware sync');
      expect(await admin.page.getByRole('link', { name: 'New profile' }).count()).toBe(1);
      expect(await standard.getByRole('button', { name: /^(Edit|Delete)/ }).count()).toBe(2);
      await shootAndCheck(admin.page, 'list-1440');
      // The search asks the server: Name contains the text.
      await admin.page.getByRole('searchbox').fill('tacho');
      await expect.poll(() => admin.page.getByRole('row').count(), { timeout: 5000 }).toBe(2);
      expect(await standard.count()).toBe(0);
    } finally {
      await admin.close();
    }
    for (const email of ['user@demo.test', 'viewer@demo.test']) {
      const other = await app.openPage();
      try {
        await app.signIn(other.page, email);
        await other.page.goto(app.url('settingsProfiles'));
        await expect.poll(() => other.dialogs, { timeout: 5000 }).toEqual([NOT_ALLOWED]);
        await expect.poll(() => pathOf(other.page)).toBe('/');
      } finally {
        await other.close();
      }
    }
  });

  it('creates a profile on the defaults, page by page, with the message configuration dialog', async () => {
    const session = await app.openPage();
    const { page } = session;
    try {
      await app.signIn(page, 'admin@demo.test');
      await page.goto(app.url('settingsProfiles'));
      await page.getByRole('link', { name: 'New profile' }).click();
      await page.getByRole('heading', { name: 'Create SettingsProfile' }).waitFor();
      expect(await page.getByLabel('Firmware', { exact: true }).inputValue()).toBe('0');
      expect(await page.getByRole('checkbox', { name: 'InputEvents' }).isChecked()).toBe(true);
      expect(await page.getByLabel('StandbyMessageInterval').inputValue()).toBe('7200');
      await shootAndCheck(page, 'wizard-1-settings-1440', { fullPage: true });

      // Page 1 holds Next until its fields are right.
      const standby = page.getByLabel('StandbyMessageInterval');
      await standby.fill('');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Check the marked fields before going on.').waitFor();
      await expectMessage(standby, PROFILE_INTERVAL_MESSAGE);
      expect(await wizardPage(page)).toBe('Settings');
      await standby.fill('3600');
      await page.getByRole('checkbox', { name: 'TachoLive' }).click();
      await next(page, 'Messages');
      await shootAndCheck(page, 'wizard-2-messages-1440');

      // The Message configuration dialog: bits by chapter, the change against the current value.
      await page.getByRole('button', { name: 'Edit message 0' }).click();
      const dialog = page.getByRole('dialog', { name: 'Message configuration' });
      await dialog.getByRole('checkbox', { name: 'TIME TACHO' }).click();
      await dialog.getByText('TIME 3 → 7: +TACHO').waitFor();
      await settled(dialog);
      await shootAndCheck(page, 'message-dialog-1440');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await dialog.getByRole('checkbox').first().waitFor({ state: 'detached' });
      const row = (n: number) => page.getByRole('row').nth(n + 1);
      expect(await row(0).locator('td').first().textContent()).toBe('7');

      // Message 1 gets a trigger, then Clear zeroes it again.
      await page.getByRole('button', { name: 'Edit message 1' }).click();
      await dialog.getByRole('checkbox', { name: 'LOG EVENTS' }).click();
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(() => row(1).locator('td').nth(11).textContent()).toBe('128');
      await page.getByRole('button', { name: 'Clear message 1' }).click();
      const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
      await confirm.getByText('Are you sure you want to clear this message?').waitFor();
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await expect.poll(() => row(1).locator('td').nth(11).textContent()).toBe('0');

      // Page 3: a short name is refused with the spec's toast.
      await next(page, 'Name');
      await page.getByLabel('Name', { exact: true }).fill('ab');
      await page.getByRole('button', { name: 'Save' }).click();
      await toastOf(page, 'Name needs to be at least 3 characters.').waitFor();
      await shootAndCheck(page, 'wizard-3-name-1440');
      // Back keeps what was entered.
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('button', { name: 'Back' }).click();
      expect(await page.getByLabel('StandbyMessageInterval').inputValue()).toBe('3600');
      await next(page, 'Messages');
      await next(page, 'Name');
      await page.getByLabel('Name', { exact: true }).fill('E2E long haul');
      await page.getByRole('button', { name: 'Save' }).click();
      await toastOf(page, 'Settings profile E2E long haul saved!').waitFor();
      await expect.poll(() => pathOf(page), { timeout: 5000 }).toBe('/settingsProfiles');
      const created = page.getByRole('row', { name: /E2E long haul/ });
      await created.waitFor();
      expect(await created.textContent()).toContain('No firmware sync');

      const [stored] = await callApi<SettingsProfile[]>(page, 'settingsProfiles/name/E2E long');
      expect(stored).toMatchObject({
        Name: 'E2E long haul',
        CustomerId: null,
        iButton: 'False',
        PrivateSwitchEnabled: 'True',
        TachoLiveEnabled: 'True',
        standbyMessageInterval: 3600,
        timedMessageInterval: 120,
        message0: { TIME: 7, SOT: 35, REQ: 65535, protocol: 1 },
        message1: { LOG: 0 },
        devices: 0,
      });
      expect(stored?.message0.URL).toMatch(/:5000\/api\/v1\/devices$/);

      // No device uses it: the spec's plain question.
      await created.getByRole('button', { name: 'Delete E2E long haul' }).click();
      await confirm.getByText('Are you sure you want to remove this settings profile?').waitFor();
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await toastOf(page, 'Settings profile E2E long haul removed!').waitFor();
      await expect.poll(() => created.count()).toBe(0);
      expect(session.dialogs).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: `${SHOTS}/failed-create-1440.png` });
      throw error;
    } finally {
      await session.close();
    }
  });

  it("takes the server's word on page 2: an endpoint must suit the profile's customer", async () => {
    const session = await app.openPage();
    const { page } = session;
    try {
      await app.signIn(page, 'admin@demo.test');
      const customers = await callApi<Customer[]>(page, 'customers/');
      const atlas = customers.find((c) => c.Name === 'Atlas Freight');
      const endpoints = await callApi<Endpoint[]>(page, `endpoints/customer/${atlas?.Id ?? 0}`);
      const own = endpoints.find((e) => e.CustomerId === atlas?.Id);
      if (!atlas || !own) throw new Error('the demo has no endpoint of Atlas Freight');

      await page.goto(app.url('settingsProfiles/new'));
      await next(page, 'Messages');
      await next(page, 'Name');
      const customer = page.getByLabel('Customer', { exact: true });
      await customer.selectOption({ label: atlas.Name });
      await page.getByRole('button', { name: 'Back' }).click();
      const endpoint = page.getByLabel('Message 0 endpoint');
      await endpoint.selectOption({ label: `${own.Name} – ${own.URL}` });
      await next(page, 'Name');
      await customer.selectOption({ label: 'Shared (all customers)' });
      await page.getByLabel('Name', { exact: true }).fill('E2E endpoint rule');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => wizardPage(page), { timeout: 5000 }).toBe('Messages');
      await expectMessage(endpoint, ENDPOINT_OF_ANOTHER_CUSTOMER);
      await shootAndCheck(page, 'wizard-2-server-error-1440');
      // Leaving now asks first; staying keeps the page.
      await page.getByRole('link', { name: 'Home' }).first().click();
      const leave = page.getByRole('dialog', { name: 'Are you sure?' });
      await leave.getByText(/unsaved changes to this settings profile/).waitFor();
      await leave.getByRole('button', { name: 'Cancel' }).click();
      expect(pathOf(page)).toBe('/settingsProfiles/new');
      expect(await callApi<SettingsProfile[]>(page, 'settingsProfiles/name/E2E endpoint')).toEqual(
        [],
      );
    } finally {
      await session.close();
    }
  });

  it('lays a profile over a device, previews an update, and is removed keeping its settings', async () => {
    const session = await app.openPage();
    const { page } = session;
    try {
      await app.signIn(page, 'admin@demo.test');
      const [template] = await callApi<SettingsProfile[]>(page, 'settingsProfiles/name/Standard');
      if (!template) throw new Error('the demo has no Standard tracking profile');
      const body: SettingsProfileBodyInput = { ...template, Name: 'E2E device profile' };
      body.timedMessageInterval = 321;
      const profile = await callApi<SettingsProfile>(page, 'settingsProfiles/', 'POST', body);
      expect(profile.timedMessageInterval).toBe(321);

      // Chosen on the device page: the profile's settings become pending, the fields locked.
      const device = await deviceWithoutProfile(page);
      await page.goto(app.url(`device/${device.Id}?tab=settings`));
      await page.getByRole('heading', { name: device.IMEI }).waitFor();
      await page.getByLabel('Settings profile').selectOption({ label: profile.Name });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(`Settings saved for ${device.IMEI}`).waitFor();
      const interval = page.getByLabel('Timed message interval');
      await expect.poll(() => interval.inputValue(), { timeout: 5000 }).toBe('321');
      expect(await interval.isDisabled()).toBe(true);
      expect(await page.getByLabel('GNSS antenna').isDisabled()).toBe(false);
      const assigned = await callApi<DeviceDetail>(page, `devices/${device.Id}`);
      expect(wantedSetting(assigned, 'timedMessageInterval')).toBe('321');
      expect(assigned.NewConfig.settingsProfileID).toBe(profile.Id);
      expect(assigned.InSync).toBe(false);

      // Editing the profile shows what it does to that device first.
      await page.goto(app.url(`settingsProfiles/${profile.Id}`));
      await page.getByRole('heading', { name: profile.Name, level: 1 }).waitFor();
      await page.getByLabel('TimedMessageInterval').fill('654');
      await next(page, 'Messages');
      await next(page, 'Name');
      expect(await page.getByLabel('Customer', { exact: true }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Save' }).click();
      const preview = page.getByRole('dialog', { name: 'Save and update its devices?' });
      await preview.getByText('timedMessageInterval', { exact: true }).waitFor();
      expect(await preview.textContent()).toContain('Use this profile1');
      expect(await preview.textContent()).toContain('Get new settings1');
      await settled(preview);
      await shootAndCheck(page, 'update-preview-1440');
      await preview.getByRole('button', { name: 'Save and update 1 device' }).click();
      await toastOf(page, `Settings profile ${profile.Name} saved!`).waitFor();
      await expect.poll(() => pathOf(page), { timeout: 5000 }).toBe('/settingsProfiles');
      const updated = await callApi<DeviceDetail>(page, `devices/${device.Id}`);
      expect(wantedSetting(updated, 'timedMessageInterval')).toBe('654');

      // Removing it asks what happens to its device, which keeps its settings.
      const row = page.getByRole('row', { name: /E2E device profile/ });
      await row.getByRole('button', { name: `Delete ${profile.Name}` }).click();
      const remove = page.getByRole('dialog', { name: 'Remove settings profile' });
      await remove.getByText(`${profile.Name} is used by 1 device.`).waitFor();
      expect(await remove.getByRole('button', { name: 'Remove' }).isDisabled()).toBe(true);
      await remove.getByText('Keep their current settings, no profile').click();
      await settled(remove);
      await expectAxeClean(page);
      await remove.getByRole('button', { name: 'Remove' }).click();
      await toastOf(page, `Settings profile ${profile.Name} removed!`).waitFor();
      const kept = await callApi<DeviceDetail>(page, `devices/${device.Id}`);
      expect(kept.NewConfig.settingsProfileID).toBe('');
      expect(wantedSetting(kept, 'timedMessageInterval')).toBe('654');
      expect(session.dialogs).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: `${SHOTS}/failed-device-1440.png` });
      throw error;
    } finally {
      await session.close();
    }
  });

  it('fits a phone: the list, each wizard page and the dialog', async () => {
    const { page, close } = await app.openPage(PHONE);
    try {
      await app.signIn(page, 'admin@demo.test');
      await page.goto(app.url('settingsProfiles'));
      await page.getByText('Standard tracking').first().waitFor();
      await shootAndCheck(page, 'list-390');
      await page.getByRole('link', { name: 'New profile' }).click();
      await page.getByRole('heading', { name: 'Create SettingsProfile' }).waitFor();
      await shootAndCheck(page, 'wizard-1-settings-390');
      await next(page, 'Messages');
      await shootAndCheck(page, 'wizard-2-messages-390');
      await page.getByRole('button', { name: 'Edit message 0' }).click();
      const dialog = page.getByRole('dialog', { name: 'Message configuration' });
      await dialog.getByRole('checkbox', { name: 'TIME TACHO' }).click();
      await dialog.getByText('TIME 3 → 7: +TACHO').waitFor();
      await settled(dialog);
      await shootAndCheck(page, 'message-dialog-390');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await next(page, 'Name');
      await page.getByRole('button', { name: 'Save' }).click();
      await toastOf(page, 'Name needs to be at least 3 characters.').waitFor();
      await shootAndCheck(page, 'wizard-3-name-390');
    } finally {
      await close();
    }
  });
});
