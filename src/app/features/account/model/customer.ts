import * as v from 'valibot';
import { CustomerUpdateSchema, type Customer } from '@shared/customers/customers';

const { name, country, Email } = CustomerUpdateSchema.entries;

/**
 * The Customer tab's fields and rules (spec 02 §5 "Customer edit from the account page": name at
 * least 3 characters): Name, Country and Email, each with the update route's own rule. The spec
 * does not show the layout; these are what a customer would look after themselves
 * (docs/decisions/029). The rest of the customer is sent as stored.
 */
export const AccountCustomerSchema = v.object({ name, country, Email });
export type AccountCustomerInput = v.InferInput<typeof AccountCustomerSchema>;

export const accountCustomerValues = (customer: Customer): AccountCustomerInput => ({
  name: customer.Name,
  country: customer.Country ?? '',
  Email: customer.Email ?? '',
});

/** Whether the form differs from the customer as stored. */
export const customerEdited = (values: AccountCustomerInput, customer: Customer): boolean => {
  const stored = accountCustomerValues(customer);
  return (
    (values.name ?? '') !== stored.name ||
    (values.country ?? '') !== stored.country ||
    (values.Email ?? '') !== stored.Email
  );
};
