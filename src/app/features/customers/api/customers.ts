import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@shared/api/api-paths';
import type { Customer, RtdIntegration } from '@shared/customers/customers';
import { api } from '@app/lib/api-client';
import { customerKeys, LOOKUP_STALE_MS } from '@app/lib/lookups';

/**
 * The customers screens' keys and queries. The writes are in customer-mutations.ts, so the
 * detail route's loader does not bring them (and the devices feature) into the entry bundle.
 *
 * Keys of the customers screens. They live under the customers lookup's root (lib/lookups), so
 * invalidating `customerKeys.all` after a change refreshes the list, every customer select and
 * any customer detail at once.
 */
export const customerQueryKeys = {
  ...customerKeys,
  detail: (id: number) => [...customerKeys.all, 'detail', id] as const,
  integrations: () => ['rtdIntegrations'] as const,
  write: () => [...customerKeys.all, 'write'] as const,
};

/** `GET customers/{id}`: one active customer in the caller's tree (404 otherwise). */
export const customerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: customerQueryKeys.detail(id),
    queryFn: ({ signal }) => api.get<Customer>(apiPaths.customer(id), { signal }),
  });

/** `GET customers/RTDIntegrations`: the integration types of the RTDIntegration select. */
export const rtdIntegrationsQueryOptions = () =>
  queryOptions({
    queryKey: customerQueryKeys.integrations(),
    queryFn: ({ signal }) => api.get<RtdIntegration[]>(apiPaths.rtdIntegrations, { signal }),
    staleTime: LOOKUP_STALE_MS,
  });
