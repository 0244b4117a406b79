import type { ListSearch } from './search-rules';

/** Where a list page's search lives (the route's URL, or a screen's state) and how it changes. */
export interface SearchBinding<F extends string> {
  search: ListSearch<F>;
  onSearchChange: (search: ListSearch<F>) => void;
}

/** What the result count says; see ResultCount. */
export interface ListCount {
  /** Rows shown (after a client-side search). */
  shown: number;
  /** Rows loaded so far. */
  loaded: number;
  /** Rows of the whole list, when a count call told. */
  total?: number | undefined;
  /** More pages exist, so `loaded` is a lower bound. */
  more: boolean;
  /** No filter, a server-side search or customer filter, or a client-side search. */
  filter: 'none' | 'server' | 'client';
}

/** The next page of a paged list (spec 01 §9). */
export interface MoreState {
  hasMore: boolean;
  loading: boolean;
  /** The last page failed: it waits for Retry instead of being asked for on every scroll. */
  failed: boolean;
  /** Loads the next page unless one is loading, the last one failed or there is none. */
  loadNear: () => void;
  retry: () => void;
}

/**
 * Everything a list page shows and does, whatever the rows come from: `useServerList` (pages by
 * keyset, searched by the server) or `useClientList` / `usePagedClientList` (searched in the
 * browser). ListPage renders it.
 */
export interface ListController<T, F extends string = string> {
  /** The search filters (fields) to choose from; one means no filter select. */
  filters: readonly F[];
  search: ListSearch<F>;
  /** The text in the search field (the search in effect follows it after the debounce). */
  text: string;
  setText: (text: string) => void;
  setFilter: (filter: F) => void;
  setCustomer: (customerId: number | null) => void;
  /** Clears the text and the customer filter (the empty state's 'Clear search'). */
  clearSearch: () => void;
  /** Clears the text and the customer filter and loads the list again from its first page. */
  refresh: () => void;
  /** Typed text too short for a server search, so the field can say why nothing happens. */
  textTooShort: boolean;
  /** A search or customer filter is in effect. */
  filtered: boolean;

  rows: readonly T[];
  /** 'error' only when there is nothing to show; a failed refetch keeps the rows. */
  status: 'pending' | 'error' | 'success';
  error: unknown;
  retry: () => void;
  /** A call of this list is in progress (TanStack Query's isFetching of its queries). */
  busy: boolean;
  count: ListCount;
  more: MoreState;
}
