import { queryOptions } from '@tanstack/react-query';
import type { AuthServer } from '@shared/access/auth-servers';
import { AUTH_SERVER_PAGE_SIZE } from '@shared/access/auth-servers-list';
import { listPaths } from '@shared/api/list-paths';
import { fetchAllPages } from './all-pages';
import { LOOKUP_STALE_MS } from './lookup';

const paths = listPaths('authservers');

/**
 * Every authentication server query lives under `['authservers']`: the /tacho list and its count,
 * a customer's servers (the customer detail's tab, the company card's server select). A change
 * on /tacho invalidates `authServerKeys.all`, and the tab and the select follow.
 */
export const authServerKeys = {
  all: ['authservers'] as const,
  ofCustomer: (customerId: number) => [...authServerKeys.all, 'customer', customerId] as const,
};

/** `authservers/customer/{id}`, every page: the customer's servers and the shared ones. */
export const customerAuthServersQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: authServerKeys.ofCustomer(customerId),
    queryFn: ({ signal }) =>
      fetchAllPages<AuthServer>(
        (after) => paths.ofCustomer(customerId, after),
        AUTH_SERVER_PAGE_SIZE,
        signal,
      ),
    staleTime: LOOKUP_STALE_MS,
  });
