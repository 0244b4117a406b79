import {
  ENDPOINT_PAGE_SIZE,
  ENDPOINT_SEARCH_FILTERS,
  EndpointPageSchema,
} from '@shared/forwards/endpoints';
import { listPaths } from '@shared/api/list-resource';
import { serverListSource } from '@app/components/list/model';
import { endpointKeys } from '@app/lib/lookups/endpoints';

/**
 * The Endpoints list (spec 02 "Endpoints page"): `GET endpoints/chunk/[{lastId}]`,
 * `endpoints/customer/{id}`, `endpoints/search/{Name|URL}/{text}[/{customer}]` (continued with
 * `?after=`) and the count `endpoints/all/`, in pages of 100 by uuid. Under the endpoints root
 * key, so a change here also refreshes the device page's endpoint selects.
 */
export const endpointList = serverListSource({
  key: endpointKeys.all,
  paths: listPaths('endpoints'),
  pageSize: ENDPOINT_PAGE_SIZE,
  page: EndpointPageSchema,
  filters: ENDPOINT_SEARCH_FILTERS,
  rows: 'endpoints',
});
