import { describe, expect, it } from 'vitest';
import { NAME_TAKEN, NAME_TOO_SHORT, type NamedEntity } from '@shared/access/names';
import { ROLE_BUILT_IN, roleInUse } from '@shared/access/roles';
import { ADMIN, ROLES, useApiContext, USER, VIEWER } from '@server/test/api';
import { adminSnapshot, roleId } from '@server/test/admin';

const api = useApiContext();
const { call } = api;

describe('GET roles/, roles/{id}', () => {
  it('lists the roles with the number of users of each, for every role (the role select)', async () => {
    for (const email of ROLES) {
      const response = await call(email, 'GET', 'roles/');
      expect(response.statusCode).toBe(200);
      const roles = response.json<NamedEntity[]>();
      expect(roles.map((r) => r.Name)).toEqual([
        'Admin',
        'Auditor',
        'Dispatcher',
        'Installer',
        'User',
        'Viewer',
      ]);
      expect(roles.find((r) => r.Name === 'Auditor')?.UsedBy).toBe(0);
      expect(roles.find((r) => r.Name === 'Installer')?.UsedBy).toBe(4);
    }
    const installer = await roleId(api.ctx, 'Installer');
    expect((await call(VIEWER, 'GET', `roles/${installer}`)).json()).toMatchObject({
      Id: installer,
      Name: 'Installer',
    });
    expect((await call(VIEWER, 'GET', 'roles/2147483647')).statusCode).toBe(404);
  });
});

describe('POST roles/', () => {
  it('admins create a role under the name rule', async () => {
    const response = await call(ADMIN, 'POST', 'roles/', { name: ' Night-shift planner! ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ Name: 'Nightshift planner', UsedBy: 0 });
  });

  it('refuses a taken name (any case), a short one, and non-admins; writes nothing', async () => {
    const before = await adminSnapshot(api.ctx);
    const taken = await call(ADMIN, 'POST', 'roles/', { name: 'installer' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ errors: { name: NAME_TAKEN.role } });
    const short = await call(ADMIN, 'POST', 'roles/', { name: 'a-b' });
    expect(short.json()).toEqual({ errors: { name: NAME_TOO_SHORT } });
    expect((await call(USER, 'POST', 'roles/', { name: 'Sneaky' })).statusCode).toBe(403);
    expect((await call(VIEWER, 'POST', 'roles/', { name: 'Sneaky' })).statusCode).toBe(403);
    expect(await adminSnapshot(api.ctx)).toEqual(before);
  });
});

describe('DELETE roles/{id}', () => {
  it('removes an unused role only', async () => {
    const before = await adminSnapshot(api.ctx);
    for (const name of ['Admin', 'User', 'Viewer']) {
      const builtIn = await call(ADMIN, 'DELETE', `roles/${await roleId(api.ctx, name)}`);
      expect(builtIn.statusCode).toBe(400);
      expect(builtIn.json()).toEqual({ message: ROLE_BUILT_IN });
    }
    const installer = await roleId(api.ctx, 'Installer');
    const inUse = await call(ADMIN, 'DELETE', `roles/${installer}`);
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json()).toEqual({ message: roleInUse(4) });
    const auditor = await roleId(api.ctx, 'Auditor');
    expect((await call(USER, 'DELETE', `roles/${auditor}`)).statusCode).toBe(403);
    expect((await call(ADMIN, 'DELETE', 'roles/2147483647')).statusCode).toBe(404);
    expect(await adminSnapshot(api.ctx)).toEqual(before);

    const removed = await call(ADMIN, 'DELETE', `roles/${auditor}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ Id: auditor, Name: 'Auditor' });
    expect((await call(ADMIN, 'GET', `roles/${auditor}`)).statusCode).toBe(404);
  });
});
