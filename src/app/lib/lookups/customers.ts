import { apiPaths } from '@shared/api/api-paths';
import type { Customer } from '@shared/customers/customers';
import { wholeListLookup } from './lookup';

/**
 * `GET customers/`: the active customers the caller may see, ordered by name. One key for every
 * screen that shows them (the customers list, the devices list's customer filter, every customer
 * select), so invalidating `customerKeys.all` after a change refreshes them all.
 */
const customers = wholeListLookup<Customer>('customers', apiPaths.customers);
export const customerKeys = customers.keys;
export const customersQueryOptions = customers.queryOptions;
