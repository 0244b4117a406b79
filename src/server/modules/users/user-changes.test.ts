import { describe, expect, it } from 'vitest';
import { CANT_DELETE_YOURSELF, type User } from '@shared/access/users';
import { customerId, RESELLER, useApiContext, USER, VIEWER } from '@server/test/api';
import {
  addUser,
  adminSnapshot,
  callWith,
  mustSignIn,
  roleId,
  signIn,
  tokenWorks,
  userId,
} from '@server/test/admin';
import { EMAIL_TAKEN, NOT_YOUR_OWN_ROLE, ONLY_ADMINS_CHANGE_ADMINS } from './service';

const api = useApiContext();
const { call } = api;

const PASSWORD = 'a-new-password';

describe('PUT users/{id}', () => {
  it("changing another user's role ends that user's sessions; email alone does not", async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const id = await addUser(api.ctx, 'shift@atlas.example', atlas);
    const session = await mustSignIn(api.ctx, 'shift@atlas.example');
    const put = async (email: string, role: string) =>
      call(USER, 'PUT', `users/${id}`, {
        customerId: atlas,
        email,
        roleId: await roleId(api.ctx, role),
      });
    const renamed = await put('shift.lead@atlas.example', 'User');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await tokenWorks(api.ctx, session)).toBe(true);
    const demoted = await put('shift.lead@atlas.example', 'Viewer');
    expect(demoted.json<User>()).toMatchObject({
      Role: 'Viewer',
      Email: 'shift.lead@atlas.example',
    });
    expect(await tokenWorks(api.ctx, session)).toBe(false);
    const promoted = await put('shift.lead@atlas.example', 'Admin');
    expect(promoted.statusCode).toBe(403);
  });

  it('a new password ends the sessions and opens a new one with it', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const id = await addUser(api.ctx, 'rekey@atlas.example', atlas);
    const session = await mustSignIn(api.ctx, 'rekey@atlas.example');
    const answer = await call(USER, 'PUT', `users/${id}`, {
      email: 'rekey@atlas.example',
      password: PASSWORD,
      passwordConf: PASSWORD,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await tokenWorks(api.ctx, session)).toBe(false);
    expect(await signIn(api.ctx, 'rekey@atlas.example')).toBeNull();
    expect(await signIn(api.ctx, 'rekey@atlas.example', PASSWORD)).not.toBeNull();
  });

  it('the profile: one saves one’s own email and password, not one’s own role or customer', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    await addUser(api.ctx, 'me@atlas.example', atlas);
    const me = await mustSignIn(api.ctx, 'me@atlas.example');
    const as = callWith(api.ctx, me);
    const before = await adminSnapshot(api.ctx);
    const role = await as('PUT', `users/${me.id}`, {
      email: 'me@atlas.example',
      roleId: await roleId(api.ctx, 'Viewer'),
    });
    expect(role.statusCode).toBe(403);
    expect(role.json()).toEqual({ message: NOT_YOUR_OWN_ROLE });
    const hansen = await customerId(api.ctx, 'Hansen Transport');
    expect(
      (await as('PUT', `users/${me.id}`, { email: 'me@atlas.example', customerId: hansen }))
        .statusCode,
    ).toBe(403);
    expect(await adminSnapshot(api.ctx)).toEqual(before);

    const saved = await as('PUT', `users/${me.id}`, {
      email: 'me2@atlas.example',
      password: PASSWORD,
      passwordConf: PASSWORD,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await tokenWorks(api.ctx, me)).toBe(false);
    expect(await signIn(api.ctx, 'me2@atlas.example', PASSWORD)).not.toBeNull();
  });

  it("moves users only inside the tree; another tenant's user is 404; admins stay admins' business", async () => {
    const hansen = await customerId(api.ctx, 'Hansen Transport');
    const vega = await customerId(api.ctx, 'Vega Logistics');
    const id = await addUser(api.ctx, 'mover@hansen.example', hansen);
    const moved = await call(RESELLER, 'PUT', `users/${id}`, {
      email: 'mover@hansen.example',
      customerId: vega,
    });
    expect(moved.json<User>()).toMatchObject({ CustomerId: vega, Customer: 'Vega Logistics' });
    const boss = await addUser(api.ctx, 'admin@vega.example', vega, 'Admin');
    const before = await adminSnapshot(api.ctx);
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const away = await call(RESELLER, 'PUT', `users/${id}`, {
      email: 'mover@hansen.example',
      customerId: atlas,
    });
    expect(away.statusCode).toBe(404);
    const foreign = await call(USER, 'PUT', `users/${id}`, { email: 'mover@hansen.example' });
    expect(foreign.statusCode).toBe(404);
    const touchAdmin = await call(RESELLER, 'PUT', `users/${boss}`, {
      email: 'taken-over@vega.example',
      password: PASSWORD,
      passwordConf: PASSWORD,
    });
    expect(touchAdmin.statusCode).toBe(403);
    expect(touchAdmin.json()).toEqual({ message: ONLY_ADMINS_CHANGE_ADMINS });
    const user = await userId(api.ctx, 'user@demo.test');
    expect((await call(VIEWER, 'PUT', `users/${user}`, { email: 'x@y.example' })).statusCode).toBe(
      403,
    );
    const duplicate = await call(RESELLER, 'PUT', `users/${id}`, { email: 'RESELLER@demo.test' });
    expect(duplicate.json()).toEqual({ errors: { email: EMAIL_TAKEN } });
    expect(await adminSnapshot(api.ctx)).toEqual(before);
  });
});

describe('DELETE users/{id}', () => {
  it('deletes a user and ends its sessions; oneself is refused', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const id = await addUser(api.ctx, 'leaver@atlas.example', atlas);
    const session = await mustSignIn(api.ctx, 'leaver@atlas.example');
    const answer = await call(USER, 'DELETE', `users/${id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<User>()).toMatchObject({ Id: id, Email: 'leaver@atlas.example' });
    expect(await tokenWorks(api.ctx, session)).toBe(false);
    expect(await signIn(api.ctx, 'leaver@atlas.example')).toBeNull();

    const before = await adminSnapshot(api.ctx);
    const self = await call(USER, 'DELETE', `users/${await userId(api.ctx, 'user@demo.test')}`);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ message: CANT_DELETE_YOURSELF });
    expect(
      (await call(USER, 'DELETE', `users/${await userId(api.ctx, 'reseller@demo.test')}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(VIEWER, 'DELETE', `users/${await userId(api.ctx, 'user@demo.test')}`)).statusCode,
    ).toBe(403);
    expect(await adminSnapshot(api.ctx)).toEqual(before);
  });
});
