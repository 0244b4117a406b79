import {
  keepPreviousData,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { ListController, MoreState, SearchBinding } from './list-controller';
import { listModeFor, MIN_SEARCH_LENGTH, type ListMode } from './search-rules';
import { useSearchControls } from './use-search-controls';

/** A searched list that the server answers whole, each mode with one call. */
export interface SearchedListSource<T, F extends string, K extends QueryKey = QueryKey> {
  /** The resource's root key: Refresh loads every list under it again. */
  key: QueryKey;
  /** The search filters the server accepts, the default first. */
  filters: readonly [F, ...F[]];
  /** The one call of a mode: the whole list, a customer's rows, or a search. */
  options: (mode: ListMode<F>) => UseQueryOptions<T[], Error, T[], K>;
}

const NO_ROWS: readonly never[] = [];

const NO_MORE: MoreState = {
  hasMore: false,
  loading: false,
  failed: false,
  loadNear: () => undefined,
  retry: () => undefined,
};

/**
 * A list the server searches but does not page (settings profiles: `…/`, `…/customer/{id}`,
 * `…/name/{text}[/{customer}]`): the search rule of a server list (800 ms after the last
 * keystroke, 3 characters or more, spec 02 §4) picks the call, and the rows of the previous
 * search stay on screen, with the busy indicator, until the next answer arrives.
 */
export function useSearchedList<T, F extends string, K extends QueryKey>(
  source: SearchedListSource<T, F, K>,
  binding: SearchBinding<F>,
): ListController<T, F> {
  const queryClient = useQueryClient();
  const controls = useSearchControls(binding);
  const mode = listModeFor(binding.search);
  const list = useQuery({ ...source.options(mode), placeholderData: keepPreviousData });
  const rows = list.data ?? NO_ROWS;
  const typed = controls.text.trim().length;
  return {
    ...controls,
    filters: source.filters,
    refresh: () => {
      controls.clearSearch();
      void queryClient.invalidateQueries({ queryKey: source.key });
    },
    textTooShort: typed > 0 && typed < MIN_SEARCH_LENGTH,
    filtered: mode.kind !== 'all',
    rows,
    status: list.isPending ? 'pending' : list.isLoadingError ? 'error' : 'success',
    error: list.error,
    retry: () => void list.refetch(),
    busy: list.isFetching,
    count: {
      shown: rows.length,
      loaded: rows.length,
      total: mode.kind === 'all' ? rows.length : undefined,
      more: false,
      filter: mode.kind === 'all' ? 'none' : 'server',
    },
    more: NO_MORE,
  };
}
