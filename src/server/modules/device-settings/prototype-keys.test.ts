import { describe, expect, it } from 'vitest';
import { TACHO_TYPE_EDIT_MESSAGE, UNKNOWN_SETTING_MESSAGE } from '@shared/devices/device-settings';
import type { DeviceSetting } from '@shared/devices/devices';
import { useApiContext, syncedDeviceOf, USER } from '@server/test/api';

/** Names and values from a request never select an Object.prototype member (issue 9). */
const api = useApiContext();

describe('prototype member names in settings', () => {
  it("refuses TachoType 'constructor' or 'toString' in the edit dialog", async () => {
    const device = await syncedDeviceOf(api.ctx, 'Atlas Freight', 0);
    const saved = await api.call(USER, 'POST', `devices/settings/${device.imei}`, {
      SettingsList: [{ SettingName: 'TachoType', Value: '1' }],
    });
    expect(saved.statusCode).toBe(200);
    const [pending] = (await api.call(USER, 'GET', `devices/settings/${device.imei}`)).json<
      DeviceSetting[]
    >();
    for (const Value of ['constructor', 'toString', '__proto__']) {
      const response = await api.call(USER, 'PUT', `devices/settings/${pending?.Id}`, {
        SettingName: 'TachoType',
        Value,
      });
      expect(response.statusCode, Value).toBe(400);
      expect(response.json()).toEqual({ errors: { Value: TACHO_TYPE_EDIT_MESSAGE } });
    }
  });

  it('refuses setting names that are Object.prototype members', async () => {
    const device = await syncedDeviceOf(api.ctx, 'Atlas Freight', 1);
    for (const SettingName of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const response = await api.call(USER, 'POST', `devices/settings/${device.imei}`, {
        SettingsList: [{ SettingName, Value: '1' }],
      });
      expect(response.statusCode, SettingName).toBe(400);
      expect(response.json()).toEqual({
        errors: { 'SettingsList.0.SettingName': UNKNOWN_SETTING_MESSAGE },
      });
    }
  });
});
