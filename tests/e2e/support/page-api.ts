import type { Page } from 'playwright-core';
import { apiPaths } from '../../../src/shared/api/api-paths';
import type { DeviceCredential } from '../../../src/shared/devices/device-link';

/** A call of the API as the signed-in page makes it (its own token from localStorage). */
export const pageApi = <T>(page: Page, path: string, method = 'GET'): Promise<T> =>
  page.evaluate(
    async ([url, verb]) => {
      const response = await fetch(`/api/${url}`, {
        method: verb,
        headers: { Authorization: `Bearer ${String(localStorage.getItem('accessToken'))}` },
      });
      return (await response.json()) as T;
    },
    [path, method] as const,
  );

/** A new device credential, as an admin issues it on the device page (the page's admin). */
export const issueCredential = (page: Page, deviceId: number): Promise<DeviceCredential> =>
  pageApi<DeviceCredential>(page, apiPaths.deviceCredential(deviceId), 'POST');
