import {
  useInfiniteQuery,
  useIsFetching,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { ListController, MoreState, SearchBinding } from './list-controller';
import { listModeFor, MIN_SEARCH_LENGTH } from './search-rules';
import type { ServerListSource } from './server-list';
import { useSearchControls } from './use-search-controls';

/** The next-page state of an infinite query, with the spec 01 §9 guard on loading more. */
export function useMoreState(
  query: Pick<
    UseInfiniteQueryResult<InfiniteData<unknown>>,
    'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage'
  >,
): MoreState {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const loadNear = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const retry = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  return useMemo(
    () => ({
      hasMore: hasNextPage,
      loading: isFetchingNextPage,
      failed: isFetchNextPageError,
      loadNear,
      retry,
    }),
    [hasNextPage, isFetchingNextPage, isFetchNextPageError, loadNear, retry],
  );
}

/**
 * A list the server pages and searches (spec 02 §4): the search in effect picks the mode (whole
 * list, a customer's rows, or a search), whose pages load by keyset as the list nears its end.
 */
export function useServerList<T extends { Id: number | string }, F extends string>(
  source: ServerListSource<T, F>,
  binding: SearchBinding<F>,
): ListController<T, F> {
  const queryClient = useQueryClient();
  const controls = useSearchControls(binding);
  const mode = listModeFor(binding.search);
  const list = useInfiniteQuery(source.options(mode));
  const count = useQuery({ ...source.countOptions(), enabled: mode.kind === 'all' });
  const busy = useIsFetching({ queryKey: source.keys.all }) > 0;
  const rows = useMemo(() => list.data?.pages.flat() ?? [], [list.data]);
  const more = useMoreState(list);
  const typed = controls.text.trim().length;

  return {
    ...controls,
    filters: source.filters,
    refresh: () => {
      controls.clearSearch();
      // Back to the first page of fresh data, rather than refetching every page loaded so far.
      // A search on screen is about to give way to the whole list: only the lists off screen are
      // reset (and load when shown), so the search is not fetched once more on its way out.
      void queryClient.resetQueries({
        queryKey: source.keys.all,
        type: mode.kind === 'all' ? 'all' : 'inactive',
      });
    },
    textTooShort: typed > 0 && typed < MIN_SEARCH_LENGTH,
    filtered: mode.kind !== 'all',
    rows,
    status: list.isPending ? 'pending' : list.isLoadingError ? 'error' : 'success',
    error: list.error,
    retry: () => void list.refetch(),
    busy,
    count: {
      shown: rows.length,
      loaded: rows.length,
      total: mode.kind === 'all' ? count.data : undefined,
      more: list.hasNextPage,
      filter: mode.kind === 'all' ? 'none' : 'server',
    },
    more,
  };
}
