import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import type { ListPaths } from '@shared/api/list-resource';
import { api } from '@app/lib/api-client';
import { listModeFor, type ListMode, type ListSearch } from './search-rules';

export interface ServerListConfig<T extends { Id: number | string }, F extends string> {
  /** The resource's query key root, e.g. `['devices']`: lists and count live under it. */
  key: readonly [string, ...unknown[]];
  /**
   * The resource's calls: `listPaths(base)` of src/shared/api/list-resource.ts. Pages after the
   * first continue after the last row's Id (`chunk/{lastId}`, or `?after={lastId}`), whatever
   * the list's order (numeric ids or uuids; the log and raw messages come newest first).
   */
  paths: ListPaths;
  /** The server's page size: a shorter page is the last one. */
  pageSize: number;
  /** A page of rows; an answer that does not fit is logged and shown as the list's error. */
  page: v.GenericSchema<unknown, T[]>;
  /** The search filters (fields) the server accepts, the default first. */
  filters: readonly [F, ...F[]];
  /** What the rows are, plural ('devices'), for messages. */
  rows: string;
}

export type ServerListSource<T extends { Id: number | string }, F extends string> = ReturnType<
  typeof serverListSource<T, F>
>;

/**
 * One server-side list resource: its query keys and the options of each mode's infinite query
 * and of its count. The route's loader and the screen use the same factory, so they share cache
 * entries.
 */
export function serverListSource<T extends { Id: number | string }, F extends string>(
  config: ServerListConfig<T, F>,
) {
  const { key, paths, pageSize, page, rows } = config;
  const keys = {
    all: key,
    lists: () => [...key, 'list'] as const,
    list: (mode: ListMode<F>) => [...key, 'list', mode] as const,
    count: () => [...key, 'count'] as const,
  };
  const unreadable = `The ${rows} list could not be read.`;

  async function fetchPage(path: string, signal: AbortSignal): Promise<T[]> {
    const answer = await api.get<unknown>(path, { signal });
    const parsed = v.safeParse(page, answer);
    if (!parsed.success) {
      // Spec 02 §7 logs a list that is not an array; the page then shows the error.
      console.error(`The ${rows} list is not a list of ${rows}`, v.flatten(parsed.issues), answer);
      throw new Error(unreadable);
    }
    return parsed.output;
  }

  const pathOf = (mode: ListMode<F>, lastId: number | string | null): string => {
    switch (mode.kind) {
      case 'all':
        return paths.chunk(lastId);
      case 'customer':
        return paths.ofCustomer(mode.customerId, lastId);
      case 'search':
        return paths.search(mode.filter, mode.text, mode.customerId, lastId);
    }
  };

  return {
    ...config,
    keys,
    /** The infinite query of a mode: pages of `pageSize` rows by Id. */
    options: (mode: ListMode<F>) =>
      infiniteQueryOptions({
        queryKey: keys.list(mode),
        queryFn: ({ pageParam, signal }) => fetchPage(pathOf(mode, pageParam), signal),
        initialPageParam: null as number | string | null,
        getNextPageParam: (last: T[]): number | string | null =>
          last.length < pageSize ? null : (last.at(-1)?.Id ?? null),
      }),
    /** How many rows the whole list has (`…/all/`). */
    countOptions: () =>
      // The key's root names the resource, and with it this fixed path.
      // eslint-disable-next-line @tanstack/query/exhaustive-deps
      queryOptions({
        queryKey: keys.count(),
        queryFn: async ({ signal }) =>
          v.parse(v.number(), await api.get<unknown>(paths.count, { signal })),
      }),
  };
}

/**
 * For a route's loader: starts the first page of the search's list (and the count with the whole
 * list) without waiting; the screen shows its skeleton meanwhile, and a failure is toasted by the
 * api client and shown by the screen.
 */
export function prefetchServerList<T extends { Id: number | string }, F extends string>(
  queryClient: QueryClient,
  source: ServerListSource<T, F>,
  search: ListSearch<F>,
): void {
  const mode = listModeFor(search);
  queryClient.infiniteQuery(source.options(mode)).catch(() => undefined);
  if (mode.kind === 'all') queryClient.query(source.countOptions()).catch(() => undefined);
}
