import { FORWARD_SEARCH_FILTERS } from '@shared/forwards/forwards-list';
import { listUrlSearch } from '@app/components/list/model';

/**
 * The search of /forwards in its URL (`?filter=IP&q=203&customer=4`), Name the default. Apart
 * from the list's schemas, so the route's search schema keeps the entry bundle light.
 */
export const forwardListUrl = listUrlSearch(FORWARD_SEARCH_FILTERS, 'Name');
