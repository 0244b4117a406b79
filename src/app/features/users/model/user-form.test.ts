import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_TOO_SHORT,
  PASSWORDS_DONT_MATCH,
  ROLE_REQUIRED,
  UserCreateFormSchema,
  UserUpdateSchema,
} from '@shared/access/users';
import { demoAuth } from '@app/features/customers/test/fixtures';
import { roles, userFixture } from '@app/features/users/test/fixtures';
import {
  createUserValues,
  roleOptions,
  updateUserBody,
  updateUserValues,
  userRowAccess,
} from './user-form';

const issuesOf = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? {} : (v.flatten(result.issues).nested ?? {});
};

describe('the Add User form', () => {
  it('starts blank for its customer, and Save waits for email, password and role', () => {
    const values = createUserValues(3);
    expect(values).toEqual({
      customerId: 3,
      email: '',
      password: '',
      passwordConf: '',
      roleId: undefined,
    });
    expect(Object.keys(issuesOf(UserCreateFormSchema, values)).sort()).toEqual([
      'email',
      'password',
      'roleId',
    ]);
  });

  it('says so when the confirmation differs from the password', () => {
    const values = {
      ...createUserValues(3),
      email: 'new@demo.test',
      password: 'a-strong-one',
      passwordConf: 'a-strong-0ne',
      roleId: 2,
    };
    expect(issuesOf(UserCreateFormSchema, values)).toEqual({
      passwordConf: [PASSWORDS_DONT_MATCH],
    });
  });

  it('keeps its own confirmation rule: a confirmation left blank does not match', () => {
    const values = {
      ...createUserValues(3),
      email: 'new@demo.test',
      password: 'a-strong-one',
      roleId: 2,
    };
    expect(issuesOf(UserCreateFormSchema, values)).toEqual({
      passwordConf: [PASSWORDS_DONT_MATCH],
    });
  });
});

describe('the Update User form', () => {
  const user = userFixture(5, 'driver@demo.test');

  it('starts from the user with the password blank, which keeps it', () => {
    const values = updateUserValues(user);
    expect(values).toEqual({
      customerId: 3,
      email: 'driver@demo.test',
      password: '',
      passwordConf: '',
      roleId: 2,
    });
    expect(issuesOf(UserUpdateSchema, values)).toEqual({});
    // Blank password fields are not sent (spec 02 §5).
    expect(updateUserBody(values)).toEqual({
      customerId: 3,
      email: 'driver@demo.test',
      roleId: 2,
    });
  });

  it('sends a new password with its confirmation, and checks both', () => {
    const values = { ...updateUserValues(user), password: 'short', passwordConf: 'short' };
    expect(issuesOf(UserUpdateSchema, values)).toEqual({ password: [PASSWORD_TOO_SHORT] });
    const good = { ...values, password: 'long-enough', passwordConf: 'long-enough' };
    expect(updateUserBody(good)).toMatchObject({
      password: 'long-enough',
      passwordConf: 'long-enough',
    });
    expect(issuesOf(UserUpdateSchema, { ...good, roleId: undefined })).toEqual({
      roleId: [ROLE_REQUIRED],
    });
  });
});

describe('the role select', () => {
  it('offers Admin only to admins (nobody grants more than they hold)', () => {
    const labels = (auth: (typeof demoAuth)[keyof typeof demoAuth]) =>
      roleOptions(roles, auth).map((o) => o.label);
    expect(labels(demoAuth.admin)).toEqual(['Choose a role', 'Admin', 'User', 'Viewer']);
    expect(labels(demoAuth.reseller)).toEqual(['Choose a role', 'User', 'Viewer']);
    expect(labels(demoAuth.user)).toEqual(['Choose a role', 'User', 'Viewer']);
  });
});

describe('the buttons of a user row', () => {
  const colleague = userFixture(9, 'colleague@demo.test');
  const admin = userFixture(1, 'admin@demo.test', 'Admin', 1);

  it('leave out the signed-in user’s own row', () => {
    const own = userFixture(demoAuth.user.Id, demoAuth.user.Email);
    expect(userRowAccess(own, demoAuth.user)).toEqual({ edit: false, remove: false });
    expect(userRowAccess(colleague, demoAuth.user)).toEqual({ edit: true, remove: true });
  });

  it('are not there for viewers, nor for non-admins on an admin', () => {
    expect(userRowAccess(colleague, demoAuth.viewer)).toEqual({ edit: false, remove: false });
    expect(userRowAccess(admin, demoAuth.reseller)).toEqual({ edit: false, remove: false });
    expect(userRowAccess(colleague, demoAuth.admin)).toEqual({ edit: true, remove: true });
  });
});
