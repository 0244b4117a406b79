import {
  ENDPOINT_PAGE_SIZE,
  ENDPOINT_SEARCH_FILTERS,
  EndpointPageSchema,
  type Endpoint,
  type EndpointSearchFilter,
} from '@shared/forwards/endpoints';
import type { CustomerScope } from '@server/auth/tenancy';
import type { DbOrTx } from '@server/db/client';
import { endpoints } from '@server/db/schema';
import type { ListResource, ListSource } from '@server/http/list-resource';
import { contains, keysetSource } from '@server/http/list-resource-source';
import { selectEndpoints, withDeviceCounts } from './repository';

/**
 * The Endpoints list (`endpoints/`, `…/chunk…`, `…/all/`, `…/search/{Name|URL}/…`,
 * `…/customer/{id}`) on the shared list resource, by uuid keyset. Shared endpoints (no customer)
 * are in every caller's list and every customer's list: the device page's selects read that
 * customer list, and every device starts on the provider's shared ingest endpoint. The Devices
 * column counts the caller's devices only, so it tells nothing about other tenants.
 */
export function endpointList(db: DbOrTx): ListResource<Endpoint, EndpointSearchFilter, string> {
  const sourceFor = (scope: CustomerScope) =>
    keysetSource<ReturnType<typeof selectEndpoints>, EndpointSearchFilter, Endpoint, string>(db, {
      table: endpoints,
      id: endpoints.id,
      customerId: endpoints.customerId,
      shared: true,
      pageSize: ENDPOINT_PAGE_SIZE,
      select: () => selectEndpoints(db),
      toItems: (rows) => withDeviceCounts(db, scope, rows),
      search: { Name: contains(endpoints.name), URL: contains(endpoints.url) },
    });
  const source: ListSource<Endpoint, EndpointSearchFilter, string> = {
    page: (query) => sourceFor(query.scope).page(query),
    count: (scope) => sourceFor(scope).count(scope),
  };
  return {
    base: 'endpoints',
    access: 'endpoints.read',
    tags: ['endpoints'],
    idKind: 'endpoint',
    filters: ENDPOINT_SEARCH_FILTERS,
    page: EndpointPageSchema,
    source,
  };
}
