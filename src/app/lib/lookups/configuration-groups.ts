import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@shared/api/api-paths';
import type { ConfigurationGroup } from '@shared/customers/customers';
import { api } from '@app/lib/api-client';
import { LOOKUP_STALE_MS } from './lookup';

/** Configuration groups, one key per customer; invalidating `all` refreshes every select. */
export const configurationGroupKeys = {
  all: ['configurationGroups'] as const,
  ofCustomer: (customerId: number | null) =>
    [...configurationGroupKeys.all, 'customer', customerId] as const,
};

/**
 * `GET configurationgroups/customer/{id}`: the shared groups plus that customer's own; without a
 * customer (`null`), `GET configurationgroups/`: every group the caller may see. A select that
 * offers nothing until a customer is chosen passes `enabled: customerId !== null`.
 */
export const configurationGroupsQueryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: configurationGroupKeys.ofCustomer(customerId),
    queryFn: ({ signal }) =>
      api.get<ConfigurationGroup[]>(
        customerId === null
          ? apiPaths.configurationGroups
          : apiPaths.configurationGroupsOfCustomer(customerId),
        { signal },
      ),
    staleTime: LOOKUP_STALE_MS,
  });
