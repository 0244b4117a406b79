import { countryName } from '@shared/customers/countries';
import type { Customer } from '@shared/customers/customers';
import type { ClientFields } from '@app/components/list/model';
import type { CustomerFilter } from './customer-list-url';

/**
 * What each filter searches: the name; the country by name or code ('nether', 'NL'); the main
 * reseller's name (the Main Reseller column).
 */
export const CUSTOMER_SEARCH_FIELDS: ClientFields<Customer, CustomerFilter> = {
  Name: (c) => c.Name,
  Country: (c) => (c.Country === null ? null : [countryName(c.Country), c.Country]),
  Reseller: (c) => c.ResellerName,
};
