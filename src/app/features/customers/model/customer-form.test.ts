import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  CustomerCreateSchema,
  CustomerUpdateSchema,
  NAME_TOO_SHORT,
  RESELLER_REQUIRED,
  RTD_INT_CUST_ID_REQUIRED,
  RTD_INTEGRATION_ID_REQUIRED,
} from '@shared/customers/customers';
import { customerFixture } from '@app/test/fixtures';
import { demoAuth, demoCustomers, features } from '@app/features/customers/test/fixtures';
import {
  COUNTRY_OPTIONS,
  createFormValues,
  customerAccess,
  featureOptions,
  resellerOptions,
  updateFormValues,
} from './customer-form';

const issuesOf = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? {} : (v.flatten(result.issues).nested ?? {});
};

describe('the Add Customer form', () => {
  it('starts on today, the Netherlands and 15 days, with nothing else filled in', () => {
    expect(createFormValues(new Date(2026, 10, 24, 9))).toEqual({
      name: '',
      country: 'NL',
      start: '2026-11-24',
      isReseller: false,
      resellerId: null,
      features: [],
      RTDInterval: 15,
      RTDIntegration: false,
      RTDIntegrationId: 0,
      RTDIntCustId: '',
      Email: '',
      TachoRequestDays: 7,
    });
  });

  it('wants a name first, then the main reseller once Reseller is ticked', () => {
    const start = createFormValues();
    expect(issuesOf(CustomerCreateSchema, start)).toEqual({ name: [NAME_TOO_SHORT] });
    const reseller = { ...start, name: 'Delta Haulage', isReseller: true };
    expect(issuesOf(CustomerCreateSchema, reseller)).toEqual({ resellerId: [RESELLER_REQUIRED] });
    expect(issuesOf(CustomerCreateSchema, { ...reseller, resellerId: 2 })).toEqual({});
  });

  it('wants both integration ids once RTDIntegration is on', () => {
    const values = { ...createFormValues(), name: 'Delta Haulage', RTDIntegration: true };
    expect(issuesOf(CustomerCreateSchema, values)).toEqual({
      RTDIntegrationId: [RTD_INTEGRATION_ID_REQUIRED],
      RTDIntCustId: [RTD_INT_CUST_ID_REQUIRED],
    });
  });

  it('offers every country of the list, by name, the Netherlands among them', () => {
    expect(COUNTRY_OPTIONS.length).toBeGreaterThanOrEqual(240);
    expect(COUNTRY_OPTIONS).toContainEqual({ value: 'NL', label: 'Netherlands' });
  });
});

describe('the Update Customer form', () => {
  it('starts from the customer as stored, which passes the update rules unchanged', () => {
    const atlas = demoCustomers[2] ?? customerFixture(3, 'Atlas Freight');
    const values = updateFormValues(atlas);
    expect(values).toEqual({
      name: 'Atlas Freight',
      country: 'NL',
      isReseller: false,
      resellerId: null,
      features: [1],
      RTDInterval: 15,
      RTDIntegration: true,
      RTDIntegrationId: 1,
      RTDIntCustId: 'ATL-1',
      Email: '',
      TachoRequestDays: 7,
    });
    expect(issuesOf(CustomerUpdateSchema, values)).toEqual({});
  });

  it('turns stored blanks into what the rules take: no integration type 0, no interval 15', () => {
    const bare = customerFixture(9, 'Bare', { Country: null, RTDInterval: null, Email: null });
    expect(updateFormValues(bare)).toMatchObject({ country: '', RTDInterval: 15, Email: '' });
  });
});

describe('the selects', () => {
  it('offers resellers only as main reseller, never the customer itself', () => {
    expect(resellerOptions(demoCustomers, 2)).toEqual([
      { value: null, label: '--' },
      { value: 1, label: 'Fleet Portal Provider' },
    ]);
  });

  it('lets admins grant any feature, others only those of their own customer', () => {
    expect(featureOptions(features, demoAuth.admin).map((o) => o.disabled)).toEqual([false, false]);
    // The user's customer has Tacho Download; Fuel Reports stays if the customer has it already.
    expect(featureOptions(features, demoAuth.user).map((o) => o.disabled)).toEqual([false, true]);
    expect(featureOptions(features, demoAuth.user, [2]).map((o) => o.disabled)).toEqual([
      false,
      false,
    ]);
  });
});

describe('what each demo role may do on the customers screens (spec 02 §6)', () => {
  it.each([
    ['admin', { create: true, update: true, remove: true, resellers: true }],
    ['reseller', { create: true, update: true, remove: true, resellers: false }],
    ['user', { create: false, update: true, remove: false, resellers: false }],
    ['viewer', { create: false, update: false, remove: false, resellers: false }],
  ] as const)('%s', (login, expected) => {
    expect(customerAccess(demoAuth[login])).toEqual(expected);
  });

  it('a signed-out visitor may do nothing', () => {
    expect(Object.values(customerAccess(null))).toEqual([false, false, false, false]);
  });
});
