import { AuthServerPageSchema } from '@shared/access/auth-servers';
import {
  AUTH_SERVER_PAGE_SIZE,
  AUTH_SERVER_SEARCH_FILTERS,
} from '@shared/access/auth-servers-list';
import { listPaths } from '@shared/api/list-paths';
import { serverListSource } from '@app/components/list/model';
import { authServerKeys } from '@app/lib/lookups/auth-servers';

/**
 * The /tacho list (spec 02 "Authentication server list"): `GET authservers/chunk/[{lastId}]`,
 * `authservers/customer/{id}`, `authservers/search/{filter}/{text}[/{customer}]` and the count
 * `authservers/all/`, by Id. Under `['authservers']` with the customers' server lookups.
 */
export const authServerList = serverListSource({
  key: authServerKeys.all,
  paths: listPaths('authservers'),
  pageSize: AUTH_SERVER_PAGE_SIZE,
  page: AuthServerPageSchema,
  filters: AUTH_SERVER_SEARCH_FILTERS,
  rows: 'authentication servers',
});
