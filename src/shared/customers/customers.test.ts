import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  CustomerCreateSchema,
  CustomerUpdateSchema,
  FEATURES_REQUIRED,
  INTERVAL_TOO_LONG_CREATE,
  INTERVAL_TOO_SHORT_CREATE,
  INTERVAL_NOT_WHOLE,
  IS_RESELLER_REQUIRED,
  NAME_NOT_TEXT,
  newCustomerValues,
  RESELLER_REQUIRED,
  RTD_INT_CUST_ID_INVALID,
  RTD_INT_CUST_ID_REQUIRED,
  RTD_INTEGRATION_ID_REQUIRED,
  RTD_INTEGRATION_INVALID,
  START_INVALID,
  START_REQUIRED,
  TACHO_REQUEST_DAYS_TOO_LONG,
  TACHO_REQUEST_DAYS_TOO_SHORT,
} from './customers';
import { toFieldErrors } from '@shared/api/validation';

const errors = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : toFieldErrors(result.issues);
};

const create = { name: 'Delta Haulage', country: 'NL', start: '2025-01-31' };
const update = { name: 'Delta Haulage', country: 'NL', isReseller: false, features: [] };

describe('customer create (spec 02 §5)', () => {
  it('defaults: not a reseller, no features, RTDInterval 15, no integration, no email', () => {
    expect(v.parse(CustomerCreateSchema, create)).toEqual({
      ...create,
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

  it('starts the form at today, the Netherlands and 15 days, and that form is valid named', () => {
    const values = newCustomerValues('2025-06-01');
    expect(values).toMatchObject({ name: '', country: 'NL', start: '2025-06-01', RTDInterval: 15 });
    expect(errors(CustomerCreateSchema, { ...values, name: 'Delta' })).toEqual({});
  });

  it('name 3 to 25 characters, a listed country, a start date', () => {
    expect(errors(CustomerCreateSchema, {})).toEqual({
      name: 'Must be at least 3 characters',
      country: 'Invalid Country',
      start: START_REQUIRED,
    });
    expect(errors(CustomerCreateSchema, { ...create, name: ' ab ' })).toEqual({
      name: 'Must be at least 3 characters',
    });
    expect(errors(CustomerCreateSchema, { ...create, name: 'a'.repeat(26) })).toEqual({
      name: 'Must be 25 characters or less',
    });
    expect(errors(CustomerCreateSchema, { ...create, country: 'Netherlands' })).toEqual({
      country: 'Invalid Country',
    });
    for (const start of ['2025-02-30', '31-01-2025', '0000-01-01', 20250131])
      expect(errors(CustomerCreateSchema, { ...create, start }), String(start)).toEqual({
        start: START_INVALID,
      });
  });

  it('RTDInterval 1 to 60 days', () => {
    const interval = (RTDInterval: unknown) =>
      errors(CustomerCreateSchema, { ...create, RTDInterval });
    expect(interval(1)).toEqual({});
    expect(interval(60)).toEqual({});
    expect(interval(0)).toEqual({ RTDInterval: INTERVAL_TOO_SHORT_CREATE });
    expect(interval(61)).toEqual({ RTDInterval: INTERVAL_TOO_LONG_CREATE });
    expect(interval(2.5)).toEqual({ RTDInterval: INTERVAL_NOT_WHOLE });
  });

  it('a reseller needs its main reseller', () => {
    expect(errors(CustomerCreateSchema, { ...create, isReseller: true })).toEqual({
      resellerId: RESELLER_REQUIRED,
    });
    expect(errors(CustomerCreateSchema, { ...create, isReseller: true, resellerId: 2 })).toEqual(
      {},
    );
  });

  it('with the integration on, both integration ids are required', () => {
    expect(errors(CustomerCreateSchema, { ...create, RTDIntegration: true })).toEqual({
      RTDIntegrationId: 'Rtd Integration Id is required',
      RTDIntCustId: 'Rtd Integration customer Id is required',
    });
    const on = { ...create, RTDIntegration: true, RTDIntegrationId: 1, RTDIntCustId: ' AF-1 ' };
    expect(v.parse(CustomerCreateSchema, on)).toMatchObject({ RTDIntCustId: 'AF-1' });
  });

  it('takes the integration ids sent as 0 when the integration is off (spec 02 §5)', () => {
    const off = { ...create, RTDIntegration: false, RTDIntegrationId: 0, RTDIntCustId: 0 };
    expect(v.parse(CustomerCreateSchema, off)).toMatchObject({
      RTDIntegrationId: 0,
      RTDIntCustId: '',
    });
    expect(v.parse(CustomerCreateSchema, { ...off, RTDIntCustId: null })).toMatchObject({
      RTDIntCustId: '',
    });
    const on = { ...create, RTDIntegration: true, RTDIntegrationId: 1 };
    expect(v.parse(CustomerCreateSchema, { ...on, RTDIntCustId: 20417 })).toMatchObject({
      RTDIntCustId: '20417',
    });
    expect(errors(CustomerCreateSchema, { ...on, RTDIntCustId: 0 })).toEqual({
      RTDIntCustId: RTD_INT_CUST_ID_REQUIRED,
    });
  });

  it('each message names the rule that failed', () => {
    expect(errors(CustomerCreateSchema, { ...create, RTDIntCustId: [1] })).toEqual({
      RTDIntCustId: RTD_INT_CUST_ID_INVALID,
    });
    expect(errors(CustomerCreateSchema, { ...create, RTDIntCustId: 1.5 })).toEqual({
      RTDIntCustId: RTD_INT_CUST_ID_INVALID,
    });
    expect(errors(CustomerCreateSchema, { ...create, RTDIntegration: 'yes' })).toEqual({
      RTDIntegration: RTD_INTEGRATION_INVALID,
    });
    expect(errors(CustomerCreateSchema, { ...create, RTDInterval: 7.5 })).toEqual({
      RTDInterval: INTERVAL_NOT_WHOLE,
    });
    expect(errors(CustomerCreateSchema, { ...create, name: 42 })).toEqual({ name: NAME_NOT_TEXT });
    expect(errors(CustomerCreateSchema, { ...create, RTDIntegration: true })).toEqual({
      RTDIntegrationId: RTD_INTEGRATION_ID_REQUIRED,
      RTDIntCustId: RTD_INT_CUST_ID_REQUIRED,
    });
  });

  it('features are ids; the email, when given, is one', () => {
    expect(errors(CustomerCreateSchema, { ...create, features: ['Tacho'] })).toHaveProperty(
      'features.0',
    );
    expect(errors(CustomerCreateSchema, { ...create, Email: 'office' })).toEqual({
      Email: 'Enter a valid email address',
    });
  });
});

describe('customer update (spec 02 §5)', () => {
  it('name 3 to 50, reseller flag and features required, RTDInterval 2 to 59', () => {
    expect(errors(CustomerUpdateSchema, { name: 'ab', country: 'NL' })).toEqual({
      name: 'Must be at least 3 characters',
      isReseller: IS_RESELLER_REQUIRED,
      features: FEATURES_REQUIRED,
      RTDInterval: 'Must be at least 2 days',
    });
    expect(
      errors(CustomerUpdateSchema, { ...update, name: 'a'.repeat(50), RTDInterval: 2 }),
    ).toEqual({});
    expect(
      errors(CustomerUpdateSchema, { ...update, name: 'a'.repeat(51), RTDInterval: 59 }),
    ).toEqual({ name: 'Must be 50 characters or less' });
    expect(errors(CustomerUpdateSchema, { ...update, RTDInterval: 1 })).toEqual({
      RTDInterval: 'Must be at least 2 days',
    });
    expect(errors(CustomerUpdateSchema, { ...update, RTDInterval: 60 })).toEqual({
      RTDInterval: 'Must be 59 days or less',
    });
  });

  it('an empty integration id is 0 and an empty reseller null; no main reseller is needed', () => {
    expect(
      v.parse(CustomerUpdateSchema, { ...update, isReseller: true, RTDInterval: 10 }),
    ).toMatchObject({ resellerId: null, RTDIntegrationId: 0 });
    expect(
      errors(CustomerUpdateSchema, { ...update, RTDInterval: 10, RTDIntegration: true }),
    ).toEqual({
      RTDIntegrationId: 'Rtd Integration Id is required',
      RTDIntCustId: 'Rtd Integration customer Id is required',
    });
  });
});

describe('the tacho request threshold (TachoRequestDays, decision 037)', () => {
  const threshold = (schema: v.GenericSchema, base: object, TachoRequestDays: unknown) =>
    errors(schema, { ...base, RTDInterval: 10, TachoRequestDays });

  it.each([
    ['create', CustomerCreateSchema, create],
    ['update', CustomerUpdateSchema, update],
  ] as const)('%s: whole days from 1 to 60', (_, schema, base) => {
    expect(threshold(schema, base, 1)).toEqual({});
    expect(threshold(schema, base, 60)).toEqual({});
    expect(threshold(schema, base, 0)).toEqual({ TachoRequestDays: TACHO_REQUEST_DAYS_TOO_SHORT });
    expect(threshold(schema, base, 61)).toEqual({ TachoRequestDays: TACHO_REQUEST_DAYS_TOO_LONG });
    expect(threshold(schema, base, 2.5)).toEqual({ TachoRequestDays: INTERVAL_NOT_WHOLE });
    expect(threshold(schema, base, '7')).toEqual({ TachoRequestDays: INTERVAL_NOT_WHOLE });
  });

  it('create defaults it to 7; an update without it leaves it out (the stored one stays)', () => {
    expect(v.parse(CustomerCreateSchema, create)).toMatchObject({ TachoRequestDays: 7 });
    const parsed = v.parse(CustomerUpdateSchema, { ...update, RTDInterval: 10 });
    expect('TachoRequestDays' in parsed && parsed.TachoRequestDays !== undefined).toBe(false);
  });
});
