import { queryOptions } from '@tanstack/react-query';
import { api } from '@app/lib/api-client';

/** Lookups change rarely; a few minutes keeps selectors instant across screens and modals. */
export const LOOKUP_STALE_MS = 5 * 60_000;

/**
 * A lookup that is one whole list (`GET customers/`, `roles/`, `features/`): its keys, under the
 * resource's name so invalidating `keys.all` refreshes every screen and select showing it, and
 * its query options.
 */
export function wholeListLookup<T>(resource: string, path: string) {
  const keys = {
    all: [resource] as const,
    list: () => [resource, 'list'] as const,
  };
  return {
    keys,
    queryOptions: () =>
      // The key's resource name stands for its fixed path.
      // eslint-disable-next-line @tanstack/query/exhaustive-deps
      queryOptions({
        queryKey: keys.list(),
        queryFn: ({ signal }) => api.get<T[]>(path, { signal }),
        staleTime: LOOKUP_STALE_MS,
      }),
  };
}
