import { listUrlSearch } from '@app/components/list/model';

/** Spec 02 "Customers page": the client-side search's filters, Name the default. */
export const CUSTOMER_FILTERS = ['Name', 'Country', 'Reseller'] as const;
export type CustomerFilter = (typeof CUSTOMER_FILTERS)[number];

/**
 * The search of /customers in its URL (`?filter=Country&q=den`), kept across a visit. Apart from
 * customer-search.ts, so the route's search schema does not bring the country table into the
 * entry bundle.
 */
export const customerListUrl = listUrlSearch(CUSTOMER_FILTERS);
