import { useCallback, useMemo, useState } from 'react';
import type { SearchBinding } from './list-controller';
import type { ListSearchParams } from './search-params';
import type { ListSearch } from './search-rules';

/** A list search kept in the screen's state (a list inside a tab, a modal), not in the URL. */
export function useListSearchState<F extends string>(defaultFilter: F): SearchBinding<F> {
  const [search, onSearchChange] = useState<ListSearch<F>>({
    filter: defaultFilter,
    text: '',
    customerId: null,
  });
  return { search, onSearchChange };
}

interface UrlConversions<F extends string> {
  toSearch: (params: ListSearchParams<F>) => ListSearch<F>;
  toParams: (search: ListSearch<F>) => ListSearchParams<F>;
}

/**
 * A list search kept in the route's URL (`listUrlSearch`): pass `Route.useSearch()` and
 * `Route.useNavigate()`. Changes replace the history entry: Back leaves the list instead of
 * stepping through every search typed.
 */
export function useUrlListSearch<F extends string>(
  params: ListSearchParams<F>,
  navigate: (options: { search: ListSearchParams<F>; replace: boolean }) => unknown,
  url: UrlConversions<F>,
): SearchBinding<F> {
  const { toSearch, toParams } = url;
  const search = useMemo(() => toSearch(params), [params, toSearch]);
  const onSearchChange = useCallback(
    (next: ListSearch<F>) => {
      void navigate({ search: toParams(next), replace: true });
    },
    [navigate, toParams],
  );
  return { search, onSearchChange };
}
