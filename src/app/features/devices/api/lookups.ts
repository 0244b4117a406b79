import { queryOptions, skipToken } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { ConfigurationGroup, Customer } from '../../../../shared/customers';
import { api } from '../../../lib/api-client';
import { configurationGroupKeys, customerKeys } from './device-keys';

// Lookups change rarely; a few minutes keeps the selectors instant across modal openings.
const LOOKUP_STALE_MS = 5 * 60_000;

/** `GET customers/`: the customers the caller may see, ordered by name. */
export const customersQueryOptions = () =>
  queryOptions({
    queryKey: customerKeys.list(),
    queryFn: ({ signal }) => api.get<Customer[]>(apiPaths.customers, { signal }),
    staleTime: LOOKUP_STALE_MS,
  });

/**
 * `GET configurationgroups/customer/{id}`: the shared groups plus that customer's own. Without a
 * customer there is nothing to ask (no customer, no group).
 */
export const configurationGroupsOfCustomerQueryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: configurationGroupKeys.ofCustomer(customerId),
    queryFn:
      customerId === null
        ? skipToken
        : ({ signal }) =>
            api.get<ConfigurationGroup[]>(apiPaths.configurationGroupsOfCustomer(customerId), {
              signal,
            }),
    staleTime: LOOKUP_STALE_MS,
  });
