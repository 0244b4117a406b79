import type { Auth } from '@shared/access/auth';
import { COUNTRIES } from '@shared/customers/countries';
import {
  DEFAULT_RTD_INTERVAL,
  newCustomerValues,
  type Customer,
  type CustomerCreateInput,
  type CustomerUpdateInput,
} from '@shared/customers/customers';
import type { Feature } from '@shared/access/features';
import { can } from '@shared/access/permissions';
import type { Option } from '@app/components/form';
import { dayjs } from '@app/lib/dayjs';

/**
 * The values of the Add and Update Customer forms: one shape both schemas' inputs fit, so one
 * dialog takes either schema as its rules (create and update differ in limits, not in fields).
 */
export interface CustomerFormValues {
  name?: string | undefined;
  country?: string | undefined;
  start?: string | undefined;
  isReseller?: boolean | null | undefined;
  resellerId?: number | null | undefined;
  features?: number[] | null | undefined;
  RTDInterval?: number | null | undefined;
  RTDIntegration?: boolean | undefined;
  RTDIntegrationId?: number | undefined;
  /** The form holds text; the API also takes a number (0: none). */
  RTDIntCustId?: string | number | null | undefined;
  Email?: string | undefined;
  TachoRequestDays?: number | undefined;
}

/** The Add Customer form's first values: today, the Netherlands, 15 days (spec 02 §5). */
export const createFormValues = (now: Date = new Date()): CustomerCreateInput =>
  newCustomerValues(dayjs(now).format('YYYY-MM-DD'));

/**
 * The Update Customer form's first values: the customer as stored. The reseller settings come
 * along unchanged even where the form hides them, as only admins may change them (the server
 * refuses a non-admin's change); an empty integration type is 0, an empty reseller null.
 */
export function updateFormValues(customer: Customer): CustomerUpdateInput {
  return {
    name: customer.Name,
    country: customer.Country ?? '',
    isReseller: customer.IsReseller,
    resellerId: customer.Reseller,
    features: [...customer.FeatureIds],
    RTDInterval: customer.RTDInterval ?? DEFAULT_RTD_INTERVAL,
    RTDIntegration: customer.RTDIntegration,
    RTDIntegrationId: customer.RTDIntegrationId ?? 0,
    RTDIntCustId: customer.RTDIntCustId ?? '',
    Email: customer.Email ?? '',
    TachoRequestDays: customer.TachoRequestDays,
  };
}

export const COUNTRY_OPTIONS: readonly Option[] = COUNTRIES.map((c) => ({
  value: c.code,
  label: c.name,
}));

/** The main reseller select: '--' (none) and the resellers the caller sees, not the customer itself. */
export function resellerOptions(
  customers: readonly Customer[],
  self?: number,
): Option<number | null>[] {
  return [
    { value: null, label: '--' },
    ...customers
      .filter((c) => c.IsReseller && c.Id !== self)
      .map((c) => ({ value: c.Id, label: c.Name })),
  ];
}

/**
 * The features multi-select. Admins grant any feature; others only those their own customer has
 * (the server refuses the rest), so the others are shown but cannot be ticked — unless the
 * customer has one already, which may stay or go.
 */
export function featureOptions(
  features: readonly Feature[],
  auth: Pick<Auth, 'Role' | 'IsReseller' | 'Features'>,
  current: readonly number[] = [],
): Option<number>[] {
  const grantsAll = can(auth, 'features.grantAny');
  return features.map((f) => ({
    value: f.Id,
    label: f.Name,
    disabled: !grantsAll && !auth.Features.includes(f.Name) && !current.includes(f.Id),
  }));
}

/** What a caller sees of the customers screens (spec 02 §2, §6). */
export interface CustomerAccess {
  /** 'New Customer'. */
  create: boolean;
  /** The edit button on each row. */
  update: boolean;
  /** The delete button; pressing it on one's own customer says "You can't delete yourself!". */
  remove: boolean;
  /** The Reseller checkbox and the main reseller select of the forms. */
  resellers: boolean;
}

export function customerAccess(
  auth: Pick<Auth, 'Role' | 'IsReseller' | 'Features'> | null | undefined,
): CustomerAccess {
  return {
    create: can(auth, 'customers.create'),
    update: can(auth, 'customers.update'),
    remove: can(auth, 'customers.delete'),
    resellers: can(auth, 'customers.resellers'),
  };
}
