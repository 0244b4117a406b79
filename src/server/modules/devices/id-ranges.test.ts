import { describe, expect, it } from 'vitest';
import { DEVICE_TEST_SETTINGS_MESSAGES } from '@shared/devices/device-tests';
import { ID_MESSAGE } from '@shared/api/ids';
import { useApiContext, ADMIN, deviceOf, USER, writeSnapshot } from '@server/test/api';
import { SETTING_NOT_FOUND } from '@server/modules/device-settings/service';

/**
 * Ids beyond their column's range are refused as bad input (issue 9: they passed the id
 * patterns and failed in PostgreSQL with a 500).
 */
const api = useApiContext();

describe('ids in paths and queries', () => {
  it.each([
    ['GET', 'devices/4294967296', 'id'],
    ['GET', 'devices/chunk/2147483648', 'lastId'],
    ['GET', 'devices/customer/2147483648', 'customerId'],
    ['DELETE', 'devices/forwards/999999999999999', 'id'],
    ['DELETE', 'devices/modemrequests/9007199254740992', 'id'],
    ['DELETE', 'devices/settings/99999999999999999999', 'id'],
    ['GET', 'forwards/2147483648', 'id'],
    ['GET', 'auth/account/2147483648', 'id'],
    ['GET', 'devicetests?after=2147483648', 'after'],
    ['GET', 'devices/search/SN/a?after=2147483648', 'after'],
  ])('%s %s is 400', async (method, path, field) => {
    const response = await api.call(ADMIN, method, path);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { [field]: ID_MESSAGE } });
  });

  it('refuses a raw-message cursor beyond 2⁵³−1 and a customer segment beyond 2³¹−1', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight');
    const raw = await api.call(USER, 'GET', `devices/rawmessages/${device.imei}/9007199254740992`);
    expect(raw.json()).toEqual({ errors: { lastId: ID_MESSAGE } });
    const search = await api.call(USER, 'GET', 'devices/search/SN/a/4294967296');
    expect(search.json()).toEqual({ errors: { customer: 'Must be a customer id' } });
  });

  it('answers a settings key too long for a setting id as a missing setting', async () => {
    const response = await api.call(USER, 'PUT', 'devices/settings/99999999999999999999', {
      SettingName: 'timedMessageInterval',
      Value: '60',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: SETTING_NOT_FOUND });
  });
});

describe('ids in bodies', () => {
  it('refuses ForwardId 1e308 and a modem request Id beyond 2⁵³−1, writing nothing', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight');
    const before = await writeSnapshot(api.ctx);
    const forward = await api.call(USER, 'POST', 'devices/forwards', {
      IMEI: device.imei,
      MessageType: 'TD',
      ForwardId: 1e308,
    });
    expect(forward.statusCode).toBe(400);
    expect(forward.json()).toEqual({ errors: { ForwardId: 'Choose a forward' } });
    const request = await api.call(USER, 'PUT', `devices/modemrequests/${device.imei}`, {
      Id: 2 ** 53,
      Command: '$REQUEST,RT FF',
    });
    expect(request.json()).toEqual({ errors: { Id: 'Id is required' } });
    expect(await writeSnapshot(api.ctx)).toEqual(before);
  });

  it('refuses device test settings with ids beyond 2³¹−1', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight');
    const response = await api.call(ADMIN, 'POST', 'devicetestsettings', {
      Imei: device.imei,
      CustomerId: 2 ** 31,
      ConfigurationGroupId: 1e308,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        CustomerId: DEVICE_TEST_SETTINGS_MESSAGES.customer,
        ConfigurationGroupId: DEVICE_TEST_SETTINGS_MESSAGES.configurationGroup,
      },
    });
  });
});
