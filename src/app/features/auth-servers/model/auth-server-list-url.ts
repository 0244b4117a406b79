import { AUTH_SERVER_SEARCH_FILTERS } from '@shared/access/auth-servers-list';
import { listUrlSearch } from '@app/components/list/model';

/** The search of /tacho in its URL (`?filter=IP&q=203&customer=4`), Name the default. */
export const authServerListUrl = listUrlSearch(AUTH_SERVER_SEARCH_FILTERS, 'Name');
