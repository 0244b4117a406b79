import { queryOptions, skipToken } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { ConfigurationGroup } from '../../../../shared/customers';
import { api } from '../../../lib/api-client';
import { LOOKUP_STALE_MS } from '../../../lib/lookups';
import { configurationGroupKeys } from './device-keys';

/** The customers lookup has one home (lib/lookups); kept importable here for older callers. */
export { customersQueryOptions } from '../../../lib/lookups';

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
