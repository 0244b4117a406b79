import {
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseInfiniteQueryOptions,
  type UseQueryOptions,
  type InfiniteData,
} from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { searchRows, type ClientFields } from './client-search';
import type { ListController, MoreState, SearchBinding } from './list-controller';
import { useSearchControls } from './use-search-controls';
import { useMoreState } from './use-server-list';

export interface ClientListOptions<T, F extends string> extends SearchBinding<F> {
  /** The search filters, in the order the filter select offers them; the first is the default. */
  fields: ClientFields<T, F>;
  /** The row's customer, for the customer filter; without it the filter is not offered. */
  customerOf?: (row: T) => number | null;
}

const NO_MORE: MoreState = {
  hasMore: false,
  loading: false,
  failed: false,
  loadNear: () => undefined,
  retry: () => undefined,
};

interface Loaded<T> {
  rows: readonly T[] | undefined;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
  more: MoreState;
  reload: () => void;
}

/**
 * The search in the browser: every keystroke filters the loaded rows on the chosen field (no
 * debounce, no minimum length: there is no call to spare; the text reaches the URL after the
 * debounce, like a server list's).
 */
function useClientController<T, F extends string>(
  loaded: Loaded<T>,
  options: ClientListOptions<T, F>,
): ListController<T, F> {
  const controls = useSearchControls(options);
  const { fields, customerOf, search } = options;
  const text = useDeferredValue(controls.text);
  const all = loaded.rows;
  const field = fields[search.filter];
  const customerId = customerOf ? search.customerId : null;
  const rows = useMemo(
    () =>
      all ? searchRows(all, field, text, customerOf && { id: customerId, of: customerOf }) : [],
    [all, field, text, customerOf, customerId],
  );
  const filtered = text.trim() !== '' || customerId !== null;
  // A search covers every row, not only the pages scrolled to so far.
  const { loadNear } = loaded.more;
  useEffect(() => {
    if (filtered) loadNear();
  }, [filtered, loadNear]);

  return {
    ...controls,
    filters: Object.keys(fields) as F[],
    refresh: () => {
      controls.clearSearch();
      loaded.reload();
    },
    textTooShort: false,
    filtered,
    rows,
    status: all ? 'success' : loaded.isError ? 'error' : 'pending',
    error: loaded.error,
    retry: () => void loaded.refetch(),
    busy: loaded.isFetching,
    count: {
      shown: rows.length,
      loaded: all?.length ?? 0,
      more: loaded.more.hasMore,
      filter: filtered ? 'client' : 'none',
    },
    more: loaded.more,
  };
}

/**
 * A list loaded whole and searched in the browser (customers, roles, features: spec 02 "Search
 * is client-side"). The query is the resource's own (its lookup), so every screen showing it
 * stays in step.
 */
export function useClientList<T, F extends string, K extends QueryKey>(
  query: UseQueryOptions<T[], Error, T[], K>,
  options: ClientListOptions<T, F>,
): ListController<T, F> {
  const result = useQuery(query);
  return useClientController(
    {
      rows: result.data,
      isError: result.isError,
      error: result.error,
      isFetching: result.isFetching,
      refetch: result.refetch,
      more: NO_MORE,
      reload: () => void result.refetch(),
    },
    options,
  );
}

/**
 * A paged list searched in the browser (the device tests overview): pages load as the list nears
 * its end, and all of them while a search is on, so the search covers every row.
 */
export function usePagedClientList<T, F extends string, K extends QueryKey>(
  query: UseInfiniteQueryOptions<T[], Error, InfiniteData<T[]>, K, number | null>,
  options: ClientListOptions<T, F>,
): ListController<T, F> {
  const queryClient = useQueryClient();
  const result = useInfiniteQuery(query);
  const more = useMoreState(result);
  const all = useMemo(() => result.data?.pages.flat(), [result.data]);
  return useClientController(
    {
      rows: all,
      isError: result.isError,
      error: result.error,
      isFetching: result.isFetching,
      refetch: result.refetch,
      more,
      // Back to the first page, not a refetch of every page loaded so far.
      reload: () => void queryClient.resetQueries({ queryKey: query.queryKey }),
    },
    options,
  );
}
