import { describe, expect, it } from 'vitest';
import { useApiContext, ADMIN, deviceOf, writeSnapshot } from '@server/test/api';
import { CUSTOMER_NOT_FOUND } from '@server/auth/tenancy';

/**
 * A referenced row that does not exist is a 404, never a foreign-key error (issue 9: an admin
 * sees every customer, so a missing one reached the insert and failed there with a 500).
 */
const api = useApiContext();

/** In range for the column, used by no row. */
const MISSING = 999_999;

describe('references to rows that do not exist, as an admin', () => {
  it('POST devices/customerconnection/{missing customer} is 404 and writes nothing', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight');
    const before = await writeSnapshot(api.ctx);
    const response = await api.call(ADMIN, 'POST', `devices/customerconnection/${MISSING}`, {
      devices: [device.imei],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: CUSTOMER_NOT_FOUND });
    expect(await writeSnapshot(api.ctx)).toEqual(before);
  });

  it('device test settings for a missing customer are 404', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight');
    const response = await api.call(ADMIN, 'POST', 'devicetestsettings', {
      Imei: device.imei,
      CustomerId: MISSING,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: CUSTOMER_NOT_FOUND });
  });

  it('a missing configuration group, forward or device is 404', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight');
    const cases = [
      ['POST', `devices/configurationgroups/${MISSING}`, { devices: [device.imei] }],
      ['POST', 'devices/forwards', { IMEI: device.imei, MessageType: 'TD', ForwardId: MISSING }],
      ['POST', `devices/customerconnection/${MISSING}`, { devices: ['999999999999999'] }],
      ['GET', `devices/customerconnection/history/${MISSING}`, undefined],
      [
        'POST',
        'devicetestsettings',
        { Imei: device.imei, CustomerId: 1, ConfigurationGroupId: MISSING },
      ],
    ] as const;
    for (const [method, path, body] of cases) {
      const response = await api.call(ADMIN, method, path, body);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
  });
});
