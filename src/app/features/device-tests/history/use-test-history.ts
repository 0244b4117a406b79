import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { deviceTestsInfiniteOptions } from '../api/device-tests';
import { filterResults } from '../model/history-search';

/** The loaded history, what the search leaves of it, and loading further pages. */
export function useTestHistory(search: string) {
  const query = useInfiniteQuery(deviceTestsInfiniteOptions());
  const all = useMemo(() => query.data?.pages.flat() ?? [], [query.data]);
  const shown = useMemo(() => filterResults(all, search), [all, search]);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const loadMore = useCallback(() => {
    if (canLoadMore) void fetchNextPage();
  }, [canLoadMore, fetchNextPage]);

  // A search covers every stored test, not only the pages scrolled to so far.
  const searching = search.trim() !== '';
  useEffect(() => {
    if (searching) loadMore();
  }, [searching, loadMore]);

  return { query, all, shown, loadMore, searching };
}
