import { gt, max } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { logs, users } from '@server/db/schema';
import { ADMIN, customerId, deviceOf, useApiContext, USER } from '@server/test/api';
import { roleId } from '@server/test/admin';

const api = useApiContext();
const { call } = api;

const newestId = async () =>
  (await api.ctx.database.db.select({ id: max(logs.id) }).from(logs))[0]?.id ?? 0;

/** What the call left in the log: level, message and customer of each new entry. */
async function loggedBy(work: () => Promise<{ statusCode: number; body: string }>) {
  const since = await newestId();
  const response = await work();
  expect(response.statusCode, response.body).toBe(200);
  return api.ctx.database.db
    .select({ level: logs.level, message: logs.message, customerId: logs.customerId })
    .from(logs)
    .where(gt(logs.id, since))
    .orderBy(logs.id);
}

const userIdOf = async (email: string) =>
  (await api.ctx.database.db.select().from(users)).find((u) => u.email === email)?.id;

describe('configuration changes in the operator log, with who made them', () => {
  it('device settings: one entry naming the settings, never their values', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight');
    const me = await userIdOf(USER);
    const entries = await loggedBy(() =>
      call(USER, 'POST', `devices/settings/${device.imei}`, {
        SettingsList: [{ SettingName: 'timedMessageInterval', Value: '47' }],
      }),
    );
    expect(entries).toEqual([
      {
        level: 'Information',
        message: `Device ${device.imei}: settings timedMessageInterval saved by user ${me}`,
        customerId: device.customerId,
      },
    ]);
    expect(entries[0]?.message).not.toContain('47');
  });

  it('a device note and name: who changed which, never the text', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight', 2);
    const me = await userIdOf(USER);
    const note = await loggedBy(() =>
      call(USER, 'PUT', 'devices/note/', { imei: device.imei, note: 'spare key in glovebox' }),
    );
    const name = await loggedBy(() =>
      call(USER, 'POST', 'devices/name/', { imei: device.imei, name: 'Truck 12' }),
    );
    expect([...note, ...name]).toEqual([
      {
        level: 'Information',
        message: `Device ${device.imei}: note changed by user ${me}`,
        customerId: device.customerId,
      },
      {
        level: 'Information',
        message: `Device ${device.imei}: name changed by user ${me}`,
        customerId: device.customerId,
      },
    ]);
  });

  it('a customer change of devices: one entry for the mass update', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight', 1);
    const hansen = await customerId(api.ctx, 'Hansen Transport');
    const me = await userIdOf(ADMIN);
    const entries = await loggedBy(() =>
      call(ADMIN, 'POST', `devices/customerconnection/${hansen}`, { devices: [device.imei] }),
    );
    expect(entries.map((e) => [e.message, e.customerId])).toEqual([
      [`Customer set to 'Hansen Transport' for 1 device(s) (${device.imei}) by user ${me}`, hansen],
    ]);
  });

  it('customers, users, features and roles: created, updated, removed, no password', async () => {
    const me = await userIdOf(ADMIN);
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const role = await roleId(api.ctx, 'User');
    const created = await loggedBy(() =>
      call(ADMIN, 'POST', 'users/', {
        customerId: atlas,
        email: 'logged.user@atlas.example',
        password: 'secret-password-1',
        passwordConf: 'secret-password-1',
        roleId: role,
      }),
    );
    const id = await userIdOf('logged.user@atlas.example');
    expect(created.map((e) => e.message)).toEqual([
      `User ${id} (logged.user@atlas.example) created by user ${me}`,
    ]);
    const updated = await loggedBy(() =>
      call(ADMIN, 'PUT', `users/${id}`, {
        email: 'logged.user@atlas.example',
        password: 'secret-password-2',
        passwordConf: 'secret-password-2',
      }),
    );
    expect(updated.map((e) => e.message)).toEqual([
      `User ${id} (logged.user@atlas.example) updated: email, password by user ${me}`,
    ]);
    expect(JSON.stringify([...created, ...updated])).not.toContain('secret-password');

    const feature = await loggedBy(() => call(ADMIN, 'POST', 'features/', { name: 'Logged' }));
    expect(feature.map((e) => e.message)).toEqual([
      expect.stringMatching(new RegExp(`^Feature \\d+ 'Logged' created by user ${me}$`)),
    ]);
  });
});
