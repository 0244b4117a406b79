import { describe, expect, it } from 'vitest';
import { PASSWORDS_DONT_MATCH, type User } from '@shared/access/users';
import { ADMIN, customerId, RESELLER, useApiContext, USER, VIEWER } from '@server/test/api';
import { adminSnapshot, callWith, mustSignIn, roleId, signIn } from '@server/test/admin';
import { EMAIL_TAKEN, ONLY_ADMINS_GRANT_ADMIN } from './service';

const api = useApiContext();
const { call } = api;

const PASSWORD = 'a-new-password';
const newUser = async (email: string, customer: string, role = 'User') => ({
  customerId: await customerId(api.ctx, customer),
  email,
  password: PASSWORD,
  passwordConf: PASSWORD,
  roleId: await roleId(api.ctx, role),
});

describe('GET users/customer/{id}', () => {
  it("lists a customer's users without passwords; another tenant's customer is 404", async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const response = await call(VIEWER, 'GET', `users/customer/${atlas}`);
    expect(response.statusCode).toBe(200);
    const list = response.json<User[]>();
    expect(list.map((u) => u.Email)).toEqual(
      expect.arrayContaining([
        'user@demo.test',
        'viewer@demo.test',
        'installer@atlasfreight.example',
      ]),
    );
    expect(list.find((u) => u.Email === 'installer@atlasfreight.example')).toMatchObject({
      Role: 'Installer',
      CustomerId: atlas,
      Customer: 'Atlas Freight',
      IsReseller: false,
      Features: ['Tacho Download'],
    });
    expect(response.body).not.toMatch(/password|argon/i);
    const hansen = await customerId(api.ctx, 'Hansen Transport');
    expect((await call(USER, 'GET', `users/customer/${hansen}`)).statusCode).toBe(404);
    const ofHansen = (await call(RESELLER, 'GET', `users/customer/${hansen}`)).json<User[]>();
    expect(ofHansen.every((u) => !u.IsReseller && u.CustomerId === hansen)).toBe(true);
  });
});

describe('POST users/', () => {
  it('creates a user who can sign in with the password given', async () => {
    const response = await call(
      USER,
      'POST',
      'users/',
      await newUser('new.driver@atlas.example', 'Atlas Freight'),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<User>()).toMatchObject({
      Email: 'new.driver@atlas.example',
      Role: 'User',
    });
    expect(response.body).not.toMatch(/password/i);
    expect(await signIn(api.ctx, 'new.driver@atlas.example', PASSWORD)).not.toBeNull();
  });

  it('a custom role signs in as itself and is allowed what User is', async () => {
    await call(
      ADMIN,
      'POST',
      'users/',
      await newUser('fitter@hansen.example', 'Hansen Transport', 'Installer'),
    );
    const session = await mustSignIn(api.ctx, 'fitter@hansen.example', PASSWORD);
    expect(session.body.Auth.Role).toBe('Installer');
    const hansen = await customerId(api.ctx, 'Hansen Transport');
    const created = await callWith(api.ctx, session)(
      'POST',
      'users/',
      await newUser('mate@hansen.example', 'Hansen Transport'),
    );
    expect(created.statusCode).toBe(200);
    expect((await callWith(api.ctx, session)('GET', `users/customer/${hansen}`)).statusCode).toBe(
      200,
    );
  });

  it('nobody grants more than they hold: only admins give Admin, only in the tree', async () => {
    const before = await adminSnapshot(api.ctx);
    const admin = await call(
      USER,
      'POST',
      'users/',
      await newUser('boss@atlas.example', 'Atlas Freight', 'Admin'),
    );
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({ message: ONLY_ADMINS_GRANT_ADMIN });
    const outside = await call(
      RESELLER,
      'POST',
      'users/',
      await newUser('spy@atlas.example', 'Atlas Freight'),
    );
    expect(outside.statusCode).toBe(404);
    expect(
      (await call(VIEWER, 'POST', 'users/', await newUser('v@atlas.example', 'Atlas Freight')))
        .statusCode,
    ).toBe(403);
    expect(await adminSnapshot(api.ctx)).toEqual(before);

    const inTree = await call(
      RESELLER,
      'POST',
      'users/',
      await newUser('ops@vega.example', 'Vega Logistics', 'Viewer'),
    );
    expect(inTree.statusCode).toBe(200);
    const byAdmin = await call(
      ADMIN,
      'POST',
      'users/',
      await newUser('boss@atlas.example', 'Atlas Freight', 'Admin'),
    );
    expect(byAdmin.statusCode).toBe(200);
  });

  it('answers a taken email (any case) and bad input 400 on the fields, writing nothing', async () => {
    const before = await adminSnapshot(api.ctx);
    const taken = await call(
      USER,
      'POST',
      'users/',
      await newUser('Viewer@Demo.Test', 'Atlas Freight'),
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ errors: { email: EMAIL_TAKEN } });
    const bad = await call(USER, 'POST', 'users/', {
      ...(await newUser('someone@', 'Atlas Freight')),
      passwordConf: 'something-else',
      roleId: undefined,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      errors: {
        email: 'Enter a valid email address',
        roleId: 'Role is required',
        passwordConf: PASSWORDS_DONT_MATCH,
      },
    });
    const role = await call(USER, 'POST', 'users/', {
      ...(await newUser('x@atlas.example', 'Atlas Freight')),
      roleId: 2147483647,
    });
    expect(role.json()).toEqual({ errors: { roleId: 'Choose a role from the list' } });
    expect(await adminSnapshot(api.ctx)).toEqual(before);
  });
});
