import {
  ENDPOINT_SEARCH_FILTERS,
  type EndpointSearchFilter,
} from '@shared/forwards/endpoints-list';
import { listUrlSearch } from '@app/components/list/model';

export type EndpointFilter = EndpointSearchFilter;

/** The search of /endpoints in its URL (`?filter=URL&q=tcp&customer=4`), Name the default. */
export const endpointListUrl = listUrlSearch(ENDPOINT_SEARCH_FILTERS);
