import { ForwardPageSchema } from '@shared/forwards/forwards';
import { FORWARD_PAGE_SIZE, FORWARD_SEARCH_FILTERS } from '@shared/forwards/forwards-list';
import { listPaths } from '@shared/api/list-paths';
import { serverListSource } from '@app/components/list/model';
import { forwardKeys } from '@app/lib/lookups/forwards';

/**
 * The forwards list (spec 02 "Forwards page"): `GET forwards/chunk/[{lastId}]`,
 * `forwards/customer/{id}`, `forwards/search/{filter}/{text}[/{customer}]` and the count
 * `forwards/all/`, in pages of FORWARD_PAGE_SIZE by Id. Under `['forwards']` with the lookup
 * and the device slots, so one invalidation after a change refreshes them all.
 */
export const forwardList = serverListSource({
  key: forwardKeys.all,
  paths: listPaths('forwards'),
  pageSize: FORWARD_PAGE_SIZE,
  page: ForwardPageSchema,
  filters: FORWARD_SEARCH_FILTERS,
  rows: 'forwards',
});
