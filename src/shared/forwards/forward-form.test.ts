import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as F from './forward-form';
import { FORWARD_PROTOCOL_IDS, MESSAGE_TYPE_IDS } from './forward-kinds';
import { SECRET_MASK } from './forwards';
import { toFieldErrors } from '@shared/api/validation';

const errors = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : toFieldErrors(result.issues);
};

const { RT, TD } = MESSAGE_TYPE_IDS;
const HTTP = FORWARD_PROTOCOL_IDS['HTTP JSON'];
/** A forward with no credentials: what a receiver that takes none needs. */
const open = {
  CustomerId: 3,
  Name: 'Ops feed 1',
  IP: '203.0.113.9',
  Port: 9100,
  Status: 1,
  MessageTypes: [RT],
  Protocols: [HTTP],
};
const CREDENTIAL_RULES = {
  Username: F.USERNAME_REQUIRED,
  Password: F.PASSWORD_REQUIRED,
  API_KEY: F.API_KEY_REQUIRED,
  Auth: F.AUTH_REQUIRED,
};

describe('the forward bodies (spec 02 §7) and forms (spec 02 §5)', () => {
  it('the API takes a forward without credentials: left out, null or blank is none', () => {
    expect(v.parse(F.ForwardCreateSchema, open)).toMatchObject({
      Username: null,
      Password: null,
      API_KEY: null,
      Auth: null,
    });
    const nulls = { ...open, Username: null, Password: null, API_KEY: null, Auth: null };
    expect(errors(F.ForwardCreateSchema, nulls)).toEqual({});
    expect(
      v.parse(F.ForwardCreateSchema, { ...open, Username: ' ', Password: SECRET_MASK }),
    ).toMatchObject({ Username: null, Password: null });
  });

  it('Add Forward keeps the spec’s rule: Username, Password, API_KEY and Auth each required', () => {
    expect(errors(F.ForwardCreateFormSchema, open)).toEqual(CREDENTIAL_RULES);
    expect(
      errors(F.ForwardCreateFormSchema, {
        ...open,
        Username: 'ops',
        Password: SECRET_MASK,
        API_KEY: ' ',
        Auth: null,
      }),
    ).toEqual({
      Password: F.PASSWORD_REQUIRED,
      API_KEY: F.API_KEY_REQUIRED,
      Auth: F.AUTH_REQUIRED,
    });
  });

  it('an update saves a forward without a username; secrets left out, null or masked stay', () => {
    const stored = { ...open, Username: null, Password: SECRET_MASK, API_KEY: null };
    for (const schema of [F.ForwardUpdateSchema, F.ForwardUpdateFormSchema]) {
      expect(v.parse(schema, stored)).toMatchObject({
        Username: null,
        Password: undefined,
        API_KEY: undefined,
        Auth: undefined,
      });
    }
    expect(v.parse(F.ForwardUpdateSchema, { ...stored, Password: 'new-one' })).toMatchObject({
      Password: 'new-one',
    });
  });

  it('the API takes message types and protocols as ids or as the lookups list them', () => {
    const entries = {
      ...open,
      MessageTypes: [
        { MessageTypeId: TD, MessageType: 'TD' },
        { MessageTypeId: RT, MessageType: 'RT' },
      ],
      Protocols: [{ ProtocolId: HTTP, Protocol: 'HTTP JSON' }],
    };
    for (const schema of [F.ForwardCreateSchema, F.ForwardUpdateSchema]) {
      expect(v.parse(schema, entries)).toMatchObject({ MessageTypes: [TD, RT], Protocols: [HTTP] });
    }
    expect(
      errors(F.ForwardCreateSchema, { ...open, MessageTypes: [{ MessageTypeId: 99 }] }),
    ).toEqual({ MessageTypes: F.UNKNOWN_MESSAGE_TYPE });
    expect(errors(F.ForwardCreateSchema, { ...open, MessageTypes: [RT, 'RT'] })).toEqual({
      'MessageTypes.1': F.UNKNOWN_MESSAGE_TYPE,
    });
  });

  it('each message names the rule that failed', () => {
    expect(
      errors(F.ForwardCreateSchema, { ...open, Username: 7, Password: 1, Status: 2, Name: 4 }),
    ).toEqual({
      Name: F.mustBeText('Name'),
      Username: F.mustBeText('Username'),
      Password: F.mustBeText('Password'),
      Status: F.STATUS_INVALID,
    });
    expect(errors(F.ForwardUpdateSchema, { ...open, Auth: ['x'], Status: null })).toEqual({
      Auth: F.mustBeText('Auth'),
      Status: F.STATUS_REQUIRED,
    });
  });
});
