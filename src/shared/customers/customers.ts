import * as v from 'valibot';
import { EMAIL_INVALID } from '@shared/access/auth';
import { DEFAULT_COUNTRY, isCountryCode } from './countries';
import { idParams, idValue, MAX_SERIAL_ID } from '@shared/api/ids';
import { DEFAULT_TACHO_REQUEST_DAYS } from '@shared/tacho/tacho';

/** A customer (spec 02 §3); `Reseller` is the id of its main reseller. */
export const CustomerSchema = v.object({
  Id: v.number(),
  Name: v.string(),
  /** ISO 3166-1 two-letter code (countries.ts). */
  Country: v.nullable(v.string()),
  IsReseller: v.boolean(),
  Reseller: v.nullable(v.number()),
  /** The main reseller's name, for the list's Main Reseller column. */
  ResellerName: v.nullable(v.string()),
  Email: v.nullable(v.string()),
  Features: v.array(v.string()),
  /** The same features by id, as the forms send them. */
  FeatureIds: v.array(v.number()),
  RTDInterval: v.nullable(v.number()),
  RTDIntegration: v.boolean(),
  RTDIntegrationId: v.nullable(v.number()),
  /** The integration type's name, for the list's Integration column. */
  Integration: v.nullable(v.string()),
  RTDIntCustId: v.nullable(v.string()),
  /** YYYY-MM-DD. */
  Start: v.nullable(v.string()),
  /** Days left below which the scheduler requests a tachograph download (decision 037). */
  TachoRequestDays: v.number(),
});
export type Customer = v.InferOutput<typeof CustomerSchema>;
export const CustomerListSchema = v.array(CustomerSchema);

/** A tachograph remote-download integration type (`GET customers/RTDIntegrations`). */
export const RtdIntegrationSchema = v.object({ Id: v.number(), Name: v.string() });
export type RtdIntegration = v.InferOutput<typeof RtdIntegrationSchema>;
export const RtdIntegrationListSchema = v.array(RtdIntegrationSchema);

/** `customers/{id}`. */
export const CustomerIdParamsSchema = idParams('id', 'customer');

// Spec 02 §5 quotes these; the others are ours.
export const NAME_TOO_SHORT = 'Must be at least 3 characters';
export const nameTooLong = (max: number) => `Must be ${max} characters or less`;
export const INVALID_COUNTRY = 'Invalid Country';
export const RTD_INTEGRATION_ID_REQUIRED = 'Rtd Integration Id is required';
export const RTD_INT_CUST_ID_REQUIRED = 'Rtd Integration customer Id is required';
export const RTD_INT_CUST_ID_INVALID = 'Rtd Integration customer Id must be text or a whole number';
export const RTD_INT_CUST_ID_TOO_LONG =
  'Rtd Integration customer Id must be 100 characters or less';
export const RTD_INTEGRATION_INVALID = 'RTDIntegration must be true or false';
export const NAME_NOT_TEXT = 'Name must be text';
export const INTERVAL_NOT_WHOLE = 'Must be a whole number of days';
export const TOO_MANY_FEATURES = 'At most 100 features';
export const INTERVAL_TOO_SHORT_UPDATE = 'Must be at least 2 days';
export const INTERVAL_TOO_LONG_UPDATE = 'Must be 59 days or less';
export const INTERVAL_TOO_SHORT_CREATE = 'Must be at least 1 day';
export const INTERVAL_TOO_LONG_CREATE = 'Must be 60 days or less';
export const START_REQUIRED = 'Start date is required';
export const START_INVALID = 'Enter a valid date';
export const RESELLER_REQUIRED = 'Main reseller is required';
export const RESELLER_INVALID = 'Choose a main reseller';
export const FEATURE_INVALID = 'Choose features from the list';
export const IS_RESELLER_REQUIRED = 'Reseller is required';
export const IS_RESELLER_INVALID = 'Reseller must be true or false';
export const FEATURES_REQUIRED = 'Features are required';
export const INTEGRATION_INVALID = 'Choose an integration type';
export const TACHO_REQUEST_DAYS_TOO_SHORT = 'Must be at least 1 day';
export const TACHO_REQUEST_DAYS_TOO_LONG = 'Must be 60 days or less';
/** The scheduler threshold's range in days (decision 037). */
export const TACHO_REQUEST_DAYS_RANGE = { min: 1, max: 60 } as const;

/** Spec 02 §5 and §9: defaults of a new customer. */
export const DEFAULT_RTD_INTERVAL = 15;

const name = (max: number) =>
  v.pipe(
    v.optional(v.string(NAME_NOT_TEXT), ''),
    v.trim(),
    v.minLength(3, NAME_TOO_SHORT),
    v.maxLength(max, nameTooLong(max)),
  );

const country = v.pipe(
  v.optional(v.string(INVALID_COUNTRY), ''),
  v.check(isCountryCode, INVALID_COUNTRY),
);

/** A real calendar date (2024-02-30 is none) in years PostgreSQL and people use. */
const isRealDate = (text: string) => {
  const [year = 0, month = 0, day = 0] = text.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};
const startDate = v.pipe(
  v.string(START_INVALID),
  v.nonEmpty(START_REQUIRED),
  v.isoDate(START_INVALID),
  v.check(isRealDate, START_INVALID),
);

const interval = (min: number, max: number, tooShort: string, tooLong: string) =>
  v.pipe(
    v.number(INTERVAL_NOT_WHOLE),
    v.integer(INTERVAL_NOT_WHOLE),
    v.minValue(min, tooShort),
    v.maxValue(max, tooLong),
  );

/** The main reseller; null (or absent) for none. */
const resellerId = v.optional(v.nullable(idValue('customer', RESELLER_INVALID)), null);

const features = v.pipe(
  v.array(idValue('feature', FEATURE_INVALID, 'shared'), FEATURE_INVALID),
  v.maxLength(100, TOO_MANY_FEATURES),
);

/** The integration type's id; 0 (an empty select) means none. */
const integrationId = v.optional(
  v.pipe(
    v.number(INTEGRATION_INVALID),
    v.integer(INTEGRATION_INVALID),
    v.minValue(0, INTEGRATION_INVALID),
    v.maxValue(MAX_SERIAL_ID, INTEGRATION_INVALID),
    v.metadata({ idKind: 'rtdIntegration', idUse: 'shared' }),
  ),
  0,
);

/**
 * The customer's id at the integration: text, or a number (spec 02 §5: an empty id is sent as
 * 0), kept as text; empty (0, null, absent) is none.
 */
const integrationCustomerId = v.pipe(
  v.optional(
    v.nullable(
      v.union(
        [
          v.string(),
          v.pipe(
            v.number(),
            v.integer(),
            v.minValue(0),
            v.transform((n) => (n ? String(n) : '')),
          ),
        ],
        RTD_INT_CUST_ID_INVALID,
      ),
    ),
    '',
  ),
  v.transform((id) => (id ?? '').trim()),
  v.maxLength(100, RTD_INT_CUST_ID_TOO_LONG),
);

const email = v.optional(
  v.pipe(
    v.string(EMAIL_INVALID),
    v.trim(),
    v.maxLength(254, EMAIL_INVALID),
    v.check((text) => text === '' || v.is(v.pipe(v.string(), v.email()), text), EMAIL_INVALID),
  ),
  '',
);

// Cross-field rules, each reported on its field; partialCheck runs alongside other fields' issues.
const RESELLER_FIELDS = [['isReseller'], ['resellerId']] as const;
const hasReseller = (input: { isReseller: boolean; resellerId: number | null }) =>
  !input.isReseller || input.resellerId !== null;
const INTEGRATION_FIELDS = [['RTDIntegration'], ['RTDIntegrationId']] as const;
const hasIntegration = (input: { RTDIntegration: boolean; RTDIntegrationId: number }) =>
  !input.RTDIntegration || input.RTDIntegrationId > 0;
const INTEGRATION_CUSTOMER_FIELDS = [['RTDIntegration'], ['RTDIntCustId']] as const;
const hasIntegrationCustomer = (input: { RTDIntegration: boolean; RTDIntCustId: string }) =>
  !input.RTDIntegration || input.RTDIntCustId !== '';

/** The scheduler threshold; create defaults it, update keeps the stored one when left out. */
const tachoRequestDays = interval(
  TACHO_REQUEST_DAYS_RANGE.min,
  TACHO_REQUEST_DAYS_RANGE.max,
  TACHO_REQUEST_DAYS_TOO_SHORT,
  TACHO_REQUEST_DAYS_TOO_LONG,
);

/** The fields create and update check alike. */
const COMMON_ENTRIES = {
  country,
  resellerId,
  RTDIntegration: v.optional(v.boolean(RTD_INTEGRATION_INVALID), false),
  RTDIntegrationId: integrationId,
  RTDIntCustId: integrationCustomerId,
  Email: email,
};

const EXAMPLE = {
  name: 'Delta Haulage',
  country: DEFAULT_COUNTRY,
  start: '2025-01-01',
  isReseller: false,
  resellerId: null,
  features: [],
  RTDInterval: DEFAULT_RTD_INTERVAL,
  RTDIntegration: false,
  RTDIntegrationId: 0,
  RTDIntCustId: '',
  Email: 'office@delta.example',
  TachoRequestDays: DEFAULT_TACHO_REQUEST_DAYS,
};

/** `POST customers/` and the Add Customer form (spec 02 §5 "Customer create"). */
export const CustomerCreateSchema = v.pipe(
  v.object({
    ...COMMON_ENTRIES,
    name: name(25),
    start: v.optional(startDate, ''),
    isReseller: v.optional(v.boolean(IS_RESELLER_INVALID), false),
    features: v.optional(features, []),
    RTDInterval: v.optional(
      interval(1, 60, INTERVAL_TOO_SHORT_CREATE, INTERVAL_TOO_LONG_CREATE),
      DEFAULT_RTD_INTERVAL,
    ),
    TachoRequestDays: v.optional(tachoRequestDays, DEFAULT_TACHO_REQUEST_DAYS),
  }),
  v.forward(v.partialCheck(RESELLER_FIELDS, hasReseller, RESELLER_REQUIRED), ['resellerId']),
  v.forward(v.partialCheck(INTEGRATION_FIELDS, hasIntegration, RTD_INTEGRATION_ID_REQUIRED), [
    'RTDIntegrationId',
  ]),
  v.forward(
    v.partialCheck(INTEGRATION_CUSTOMER_FIELDS, hasIntegrationCustomer, RTD_INT_CUST_ID_REQUIRED),
    ['RTDIntCustId'],
  ),
  v.examples([EXAMPLE]),
);
export type CustomerCreateInput = v.InferInput<typeof CustomerCreateSchema>;
export type CustomerCreate = v.InferOutput<typeof CustomerCreateSchema>;

/**
 * `PUT customers/{id}`, the Update Customer form and the account page's Customer tab (spec 02 §5
 * "Customer update"): no reseller-required rule, an empty reseller is null, an empty integration
 * type 0. The start date may be left out (it stays).
 */
export const CustomerUpdateSchema = v.pipe(
  v.object({
    ...COMMON_ENTRIES,
    name: name(50),
    start: v.optional(startDate),
    // Required: a missing flag or list reads as null, so it gets the field's own message.
    isReseller: v.pipe(
      v.optional(v.nullable(v.boolean(IS_RESELLER_INVALID)), null),
      v.boolean(IS_RESELLER_REQUIRED),
    ),
    features: v.pipe(
      v.optional(v.nullable(features), null),
      v.array(v.number(), FEATURES_REQUIRED),
    ),
    RTDInterval: v.pipe(
      // A missing interval reads as 0, so it gets the field's own message.
      v.optional(v.number(INTERVAL_NOT_WHOLE), 0),
      interval(2, 59, INTERVAL_TOO_SHORT_UPDATE, INTERVAL_TOO_LONG_UPDATE),
    ),
    TachoRequestDays: v.optional(tachoRequestDays),
  }),
  v.forward(v.partialCheck(INTEGRATION_FIELDS, hasIntegration, RTD_INTEGRATION_ID_REQUIRED), [
    'RTDIntegrationId',
  ]),
  v.forward(
    v.partialCheck(INTEGRATION_CUSTOMER_FIELDS, hasIntegrationCustomer, RTD_INT_CUST_ID_REQUIRED),
    ['RTDIntCustId'],
  ),
  v.examples([{ ...EXAMPLE, start: undefined }]),
);
export type CustomerUpdateInput = v.InferInput<typeof CustomerUpdateSchema>;
export type CustomerUpdate = v.InferOutput<typeof CustomerUpdateSchema>;

/** The Add Customer form's first values: today, the Netherlands, 15 days (spec 02 §5). */
export function newCustomerValues(today: string): CustomerCreateInput {
  return { ...EXAMPLE, name: '', start: today, Email: '' };
}

/** A configuration group; CustomerId null means every customer may use it. */
export interface ConfigurationGroup {
  Id: number;
  Name: string;
  CustomerId: number | null;
  Version: number;
}
