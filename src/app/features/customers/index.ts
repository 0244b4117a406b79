/** What other features use of the customers feature (import it from here, not from its files). */
export {
  customerQueryKeys,
  customerQueryOptions,
  rtdIntegrationsQueryOptions,
} from './api/customers';
export {
  updateCustomerMutationOptions,
  type UpdateCustomerVariables,
} from './api/customer-mutations';
export {
  COUNTRY_OPTIONS,
  createFormValues,
  updateFormValues,
  type CustomerFormValues,
} from './model/customer-form';
export { CustomerLink } from './components/CustomerLink';
