import type { Locator, Page } from 'playwright-core';
import { EMPTY_GUID } from '../../../src/shared/devices/constants';
import type { Device, DeviceDetail } from '../../../src/shared/devices/devices';

/** The settings profiles' end-to-end tests (tests/e2e/settings-profiles): shared steps. */
export const SHOTS = '/tmp/shots/settings-profiles';
export const PHONE = { width: 390, height: 844 };

/** A call of the API as the signed-in page makes it, with a JSON body when given. */
export const callApi = <T>(page: Page, path: string, method = 'GET', body?: unknown): Promise<T> =>
  page.evaluate(
    async ([url, verb, json]) => {
      const response = await fetch(`/api/${url}`, {
        method: verb,
        headers: {
          Authorization: `Bearer ${String(localStorage.getItem('accessToken'))}`,
          ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(json === undefined ? {} : { body: json }),
      });
      return (await response.json()) as T;
    },
    [path, method, body === undefined ? undefined : JSON.stringify(body)] as const,
  );

/** A device without a settings profile, whose settings a profile will take over. */
export async function deviceWithoutProfile(page: Page): Promise<DeviceDetail> {
  for (const device of await callApi<Device[]>(page, 'devices/')) {
    const detail = await callApi<DeviceDetail>(page, `devices/${device.Id}`);
    const profile = detail.NewConfig.settingsProfileID ?? EMPTY_GUID;
    if (profile === EMPTY_GUID || profile === '') return detail;
  }
  throw new Error('no device without a settings profile');
}

/** The value a device is to have (pending or applied) for a setting. */
export const wantedSetting = (device: DeviceDetail, name: string): string | undefined =>
  device.NewConfig.settings.find((s) => s.SettingName === name)?.Value;

/** The wizard's page title (its h2, without 'Step n of 3'). */
export const wizardPage = (page: Page): Promise<string | null> =>
  page
    .locator('main h2')
    .first()
    .evaluate((h) => h.firstChild?.textContent ?? null);

/** Waits for a dialog's fade and slide to end, so a screenshot shows it as the user sees it. */
export const settled = (dialog: Locator) =>
  dialog.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)),
  );
