import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@shared/api/api-paths';
import { DEVICE_REJECTED_MESSAGE, type DeviceCredential } from '@shared/devices/device-link';
import { createSecretBox } from '@server/auth/secret-box';
import { devices, logs } from '@server/db/schema';
import { post } from '@server/test/device-link';
import { useApiContext, ADMIN, deviceOf, RESELLER, USER, VIEWER } from '@server/test/api';
import { TEST_SECRETS_KEY } from '@server/test/harness';

const api = useApiContext();

const storedCredential = async (id: number) =>
  (await api.ctx.database.db.select().from(devices).where(eq(devices.id, id)))[0]?.credential;

describe('POST devices/credential/{id}', () => {
  it('gives an admin a new credential once: sealed at rest, the old one stops working', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight', 3);
    const old = api.ctx.deviceCredentials.get(device.imei) ?? '';
    expect((await post(api.ctx, { IMEI: device.imei }, { credential: old })).statusCode).toBe(200);

    const response = await api.call(ADMIN, 'POST', apiPaths.deviceCredential(device.id));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const issued = response.json<DeviceCredential>();
    expect(issued.IMEI).toBe(device.imei);
    expect(issued.Credential).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued.Credential).not.toBe(old);

    // Stored sealed, never in clear.
    const sealed = (await storedCredential(device.id)) ?? '';
    expect(sealed).not.toContain(issued.Credential);
    expect(createSecretBox(TEST_SECRETS_KEY).open(sealed)).toBe(issued.Credential);

    const withOld = await post(api.ctx, { IMEI: device.imei }, { credential: old });
    expect(withOld.statusCode).toBe(401);
    expect(withOld.json()).toEqual({ message: DEVICE_REJECTED_MESSAGE });
    const withNew = await post(api.ctx, { IMEI: device.imei }, { credential: issued.Credential });
    expect(withNew.statusCode).toBe(200);

    // Every call is another credential; the audit log names the device, not the secret.
    const again = (
      await api.call(ADMIN, 'POST', apiPaths.deviceCredential(device.id))
    ).json<DeviceCredential>();
    expect(again.Credential).not.toBe(issued.Credential);
    const audit = await api.ctx.database.db
      .select()
      .from(logs)
      .where(eq(logs.customerId, device.customerId ?? 0));
    const rows = audit.filter((r) =>
      r.message.includes(`credential issued for IMEI ${device.imei}`),
    );
    expect(rows).toHaveLength(2);
    expect(rows.some((r) => r.message.includes(issued.Credential))).toBe(false);
  });

  it('refuses everyone but admins, and changes nothing for them', async () => {
    const atlas = await deviceOf(api.ctx, 'Atlas Freight', 4);
    const resellers = await deviceOf(api.ctx, 'NordTrack Resellers', 0);
    const before = [await storedCredential(atlas.id), await storedCredential(resellers.id)];
    for (const [email, device] of [
      [USER, atlas],
      [VIEWER, atlas],
      [RESELLER, resellers],
      [RESELLER, atlas],
    ] as const) {
      const response = await api.call(email, 'POST', apiPaths.deviceCredential(device.id));
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await api.ctx.app.inject({
      method: 'POST',
      url: `/api/${apiPaths.deviceCredential(atlas.id)}`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect([await storedCredential(atlas.id), await storedCredential(resellers.id)]).toEqual(
      before,
    );
    const stillWorks = await post(api.ctx, { IMEI: atlas.imei });
    expect(stillWorks.statusCode).toBe(200);
  });

  it('answers 404 for a device that does not exist and 400 for an id that is not one', async () => {
    const missing = await api.call(ADMIN, 'POST', apiPaths.deviceCredential(99_999_999));
    expect(missing.statusCode).toBe(404);
    for (const id of ['abc', '-1', '1.5']) {
      const response = await api.call(ADMIN, 'POST', apiPaths.deviceCredential(id));
      expect(response.statusCode).toBe(400);
    }
  });

  it('lets a device without a credential talk only once an admin issued one', async () => {
    const device = await deviceOf(api.ctx, 'Blue Line Buses', 2);
    await api.ctx.database.db
      .update(devices)
      .set({ credential: null })
      .where(eq(devices.id, device.id));
    const refused = await post(api.ctx, { IMEI: device.imei });
    expect(refused.json()).toEqual({ message: DEVICE_REJECTED_MESSAGE });
    const issued = (
      await api.call(ADMIN, 'POST', apiPaths.deviceCredential(device.id))
    ).json<DeviceCredential>();
    const accepted = await post(api.ctx, { IMEI: device.imei }, { credential: issued.Credential });
    expect(accepted.statusCode).toBe(200);
  });
});
