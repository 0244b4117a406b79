import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@shared/api/api-paths';
import type { Endpoint } from '@shared/forwards/endpoints';
import { ENDPOINT_PAGE_SIZE } from '@shared/forwards/endpoints-list';
import { fetchAllPages } from './all-pages';
import { LOOKUP_STALE_MS } from './lookup';

/*
 * Imported by path, not through lookups/index.ts, and kept out of the app-core chunk
 * (vite.config.ts): only screens after sign-in need it, and the sign-in page's JavaScript budget
 * has no room for it (docs/decisions/022).
 */

/**
 * Endpoints, one root key: the Endpoints screen's lists and count live under it too
 * (features/endpoints), so a change there invalidates `all` and every endpoint select follows.
 */
export const endpointKeys = {
  all: ['endpoints'] as const,
  ofCustomer: (customerId: number | null) =>
    [...endpointKeys.all, 'lookup', customerId ?? 'all'] as const,
};

const byName = (a: Endpoint, b: Endpoint) =>
  a.Name.localeCompare(b.Name) || a.Id.localeCompare(b.Id);

/**
 * The endpoints a device's selects offer: `GET endpoints/customer/{id}` (the shared endpoints
 * plus that customer's), or without a customer every endpoint the caller sees (`endpoints/`,
 * `endpoints/chunk/{lastId}`). Pages of 100 are followed until a short one; sorted by name.
 */
export const endpointsQueryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: endpointKeys.ofCustomer(customerId),
    queryFn: async ({ signal }) => {
      const endpoints = await fetchAllPages<Endpoint>(
        (after) =>
          customerId !== null
            ? apiPaths.endpointsOfCustomer(customerId, after)
            : after === null
              ? apiPaths.endpoints
              : apiPaths.endpointsChunk(after),
        ENDPOINT_PAGE_SIZE,
        signal,
      );
      return endpoints.sort(byName);
    },
    staleTime: LOOKUP_STALE_MS,
  });
