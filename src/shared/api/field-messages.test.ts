import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  AuthServerCreateSchema,
  AuthServerUpdateSchema,
  STATUS_INVALID,
} from '@shared/access/auth-servers';
import { CompanyCardUpdateSchema } from '@shared/tacho/company-cards';
import {
  CustomerUpdateSchema,
  INTERVAL_NOT_WHOLE,
  IS_RESELLER_INVALID,
} from '@shared/customers/customers';
import { COMMAND_NOT_TEXT, ModemRequestCreateSchema } from '@shared/devices/device-requests';
import {
  DEVICE_TEST_SETTINGS_MESSAGES,
  DeviceTestSettingsBodySchema,
} from '@shared/devices/device-tests';
import { EndpointCreateSchema } from '@shared/forwards/endpoints';
import { NamedCreateSchema, NAME_NOT_TEXT } from '@shared/access/names';
import {
  PROFILE_NAME_NOT_TEXT,
  SettingsProfileNamePageSchema,
} from '@shared/settings-profiles/settings-profiles';
import { toFieldErrors } from './validation';

// Issue 25: a message names the rule that failed — a value of the wrong kind is not "required",
// "too short" or "too long".
const errors = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : toFieldErrors(result.issues);
};

describe('a value of the wrong kind is named as such', () => {
  it.each([
    [
      'modem request Command',
      ModemRequestCreateSchema,
      { Command: 42 },
      { Command: COMMAND_NOT_TEXT },
    ],
    [
      'device test Protocol',
      DeviceTestSettingsBodySchema,
      { Imei: '356307042441013', CustomerId: 1, Protocol: 8 },
      { Protocol: DEVICE_TEST_SETTINGS_MESSAGES.protocolNotText },
    ],
    ['feature or role name', NamedCreateSchema, { name: 7 }, { name: NAME_NOT_TEXT }],
    [
      'settings profile Name',
      SettingsProfileNamePageSchema,
      { Name: 7, CustomerId: null },
      { Name: PROFILE_NAME_NOT_TEXT },
    ],
    [
      'endpoint Name and URL',
      EndpointCreateSchema,
      { CustomerId: 1, Name: 1, URL: 2, Protocol: 1 },
      { Name: 'Name must be text', URL: 'URL must be text' },
    ],
    [
      'company card CompanyName',
      CompanyCardUpdateSchema,
      {
        CardNumber: 'C01000123456780',
        CompanyName: 5,
        ValidUntil: '2030-12-31',
        CustomerId: 1,
        AuthServerId: 1,
      },
      { CompanyName: 'CompanyName must be text' },
    ],
    [
      'customer update isReseller and RTDInterval',
      CustomerUpdateSchema,
      { name: 'Delta', country: 'NL', isReseller: 'no', features: [], RTDInterval: '15' },
      { isReseller: IS_RESELLER_INVALID, RTDInterval: INTERVAL_NOT_WHOLE },
    ],
  ] as const)('%s', (_, schema, input, expected) => {
    expect(errors(schema, input)).toEqual(expected);
  });

  it('authentication servers: texts, secrets and the status', () => {
    const server = {
      customerId: 1,
      name: 'Atlas RDL',
      ip: '203.0.113.61',
      devicePort: 10010,
      port: 8443,
      username: 'rdl',
      password: 'x-secret',
      status: 1,
    };
    expect(errors(AuthServerCreateSchema, { ...server, username: 3, status: 2 })).toEqual({
      username: 'Username must be text',
      status: STATUS_INVALID,
    });
    expect(errors(AuthServerUpdateSchema, { ...server, password: 5, forward: 6 })).toEqual({
      password: 'Password must be text',
      forward: 'Forward must be text',
    });
  });
});
