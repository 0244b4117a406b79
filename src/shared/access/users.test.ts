import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EMAIL_INVALID, EMAIL_REQUIRED } from './auth';
import {
  CUSTOMER_REQUIRED,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DONT_MATCH,
  ProfileSchema,
  PASSWORD_NOT_TEXT,
  ROLE_REQUIRED,
  UserCreateFormSchema,
  UserCreateSchema,
  UserSaveSchema,
  UserUpdateSchema,
} from './users';
import { toFieldErrors } from '@shared/api/validation';

const errors = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : toFieldErrors(result.issues);
};

const user = { customerId: 3, email: 'driver@example.test', roleId: 2 };
const passwords = { password: 'seven77', passwordConf: 'seven77' };

describe('user create (spec 02 §5)', () => {
  it('needs a customer, an email, a password equal to its confirmation and a role', () => {
    expect(errors(UserCreateSchema, {})).toEqual({
      customerId: CUSTOMER_REQUIRED,
      email: EMAIL_REQUIRED,
      password: 'Password is required',
      roleId: ROLE_REQUIRED,
    });
    expect(errors(UserCreateSchema, { ...user, ...passwords })).toEqual({});
    expect(
      errors(UserCreateSchema, { ...user, password: 'seven77', passwordConf: 'seven78' }),
    ).toEqual({ passwordConf: PASSWORDS_DONT_MATCH });
    expect(errors(UserCreateSchema, { ...user, ...passwords, email: 'driver@' })).toEqual({
      email: EMAIL_INVALID,
    });
  });

  it('the API takes the spec payload; a confirmation is checked only when sent', () => {
    expect(errors(UserCreateSchema, { ...user, password: 'seven77' })).toEqual({});
    expect(errors(UserCreateSchema, { ...user, password: 'seven77', passwordConf: null })).toEqual(
      {},
    );
    expect(errors(UserCreateSchema, { ...user, password: 'seven77', passwordConf: '' })).toEqual({
      passwordConf: PASSWORDS_DONT_MATCH,
    });
    expect(errors(UserSaveSchema, { ...user, password: 'seven77' })).toEqual({});
    expect(errors(UserSaveSchema, { ...user, password: 'seven77', passwordConf: 'x' })).toEqual({
      passwordConf: PASSWORDS_DONT_MATCH,
    });
  });

  it('the form keeps the confirmation rule: required with a password, and equal to it', () => {
    expect(errors(UserCreateFormSchema, { ...user, password: 'seven77' })).toEqual({
      passwordConf: PASSWORDS_DONT_MATCH,
    });
    expect(errors(UserCreateFormSchema, { ...user, ...passwords })).toEqual({});
  });

  it('a password that is no text says so', () => {
    expect(errors(UserCreateSchema, { ...user, password: 1234567 })).toEqual({
      password: PASSWORD_NOT_TEXT,
    });
    expect(errors(UserSaveSchema, { ...user, password: 1234567 })).toEqual({
      password: PASSWORD_NOT_TEXT,
    });
  });

  it('a password is longer than 6 characters', () => {
    expect(
      errors(UserCreateSchema, { ...user, password: 'six666', passwordConf: 'six666' }),
    ).toEqual({ password: PASSWORD_TOO_SHORT });
  });
});

describe('user update and profile', () => {
  it('a blank password keeps the old one and is not sent on', () => {
    expect(v.parse(UserSaveSchema, user)).toEqual({ ...user, password: undefined });
    expect(v.parse(UserSaveSchema, { ...user, password: '', passwordConf: '' })).toEqual({
      ...user,
      password: undefined,
      passwordConf: '',
    });
    expect(v.parse(ProfileSchema, { email: 'me@example.test' })).toEqual({
      email: 'me@example.test',
      passwordConf: '',
    });
  });

  it('a new password must be long enough and confirmed', () => {
    expect(errors(ProfileSchema, { email: 'me@example.test', password: 'short' })).toEqual({
      password: PASSWORD_TOO_SHORT,
      passwordConf: PASSWORDS_DONT_MATCH,
    });
    expect(
      errors(ProfileSchema, { email: 'me@example.test', password: 'seven77', passwordConf: '' }),
    ).toEqual({ passwordConf: PASSWORDS_DONT_MATCH });
    expect(errors(ProfileSchema, { email: 'me@example.test', ...passwords })).toEqual({});
  });

  it('the Update User form needs a role; the API keeps an absent role and customer', () => {
    expect(errors(UserUpdateSchema, { email: 'me@example.test', customerId: 3 })).toEqual({
      roleId: ROLE_REQUIRED,
    });
    expect(v.parse(UserSaveSchema, { email: 'me@example.test' })).toEqual({
      email: 'me@example.test',
      password: undefined,
    });
    expect(errors(UserSaveSchema, { email: 'me@example.test', roleId: 0 })).toEqual({
      roleId: ROLE_REQUIRED,
    });
  });
});
