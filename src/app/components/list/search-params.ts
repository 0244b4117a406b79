import * as v from 'valibot';
import type { ListSearch } from './search-rules';

// The router hands numbers for numeric-looking values ('?q=3585' → 3585), so q accepts both.
const SearchTextSchema = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform(String),
  v.maxLength(100),
);

const CustomerIdSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999_999_999));

/** The URL form of a list search: `?filter=SN&q=123&customer=4`, defaults left out. */
export interface ListSearchParams<F extends string> {
  filter?: F | undefined;
  q?: string | undefined;
  customer?: number | undefined;
}

/**
 * A list page's search in its URL, so a search survives a visit to a row and the back button:
 * the route's `validateSearch` schema and the conversions both ways. Anything malformed falls
 * back to "no search" instead of an error page.
 */
export function listUrlSearch<const F extends string>(
  filters: readonly [F, ...F[]],
  defaultFilter: F = filters[0],
) {
  const schema = v.object({
    filter: v.fallback(v.optional(v.picklist(filters)), undefined),
    q: v.fallback(v.optional(SearchTextSchema), undefined),
    customer: v.fallback(v.optional(CustomerIdSchema), undefined),
  });
  return {
    schema,
    toSearch: (params: ListSearchParams<F>): ListSearch<F> => ({
      filter: params.filter ?? defaultFilter,
      text: params.q ?? '',
      customerId: params.customer ?? null,
    }),
    toParams: (search: ListSearch<F>): ListSearchParams<F> => ({
      filter: search.filter === defaultFilter ? undefined : search.filter,
      q: search.text === '' ? undefined : search.text,
      customer: search.customerId ?? undefined,
    }),
  };
}
