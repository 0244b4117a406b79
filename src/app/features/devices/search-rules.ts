import * as v from 'valibot';
import { DEVICE_SEARCH_FILTERS, type DeviceSearchFilter } from '../../../shared/devices';

/** Spec 02 §4 and §9: the search waits this long after the last keystroke… */
export const SEARCH_DEBOUNCE_MS = 800;
/** …and needs at least this many characters before it asks the server. */
export const MIN_SEARCH_LENGTH = 3;
export const DEFAULT_SEARCH_FILTER: DeviceSearchFilter = 'IMEI';

/** What the devices list shows: the whole list, one customer's devices, or search results. */
export type DeviceListMode =
  | { kind: 'all' }
  | { kind: 'customer'; customerId: number }
  | { kind: 'search'; filter: DeviceSearchFilter; text: string; customerId: number | null };

export interface DeviceListSearch {
  filter: DeviceSearchFilter;
  /** The settled search text (after the debounce), as typed. */
  text: string;
  customerId: number | null;
}

/**
 * Spec 02 §4: a text of MIN_SEARCH_LENGTH or more runs a server-side search on the chosen filter
 * (narrowed to the selected customer); otherwise a selected customer lists its devices; otherwise
 * the whole list.
 */
export function listModeFor({ filter, text, customerId }: DeviceListSearch): DeviceListMode {
  const term = text.trim();
  if (term.length >= MIN_SEARCH_LENGTH) return { kind: 'search', filter, text: term, customerId };
  if (customerId !== null) return { kind: 'customer', customerId };
  return { kind: 'all' };
}

// The router hands numbers for numeric-looking values ('?q=3585' → 3585), so q accepts both.
const SearchTextSchema = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform(String),
  v.maxLength(100),
);

/**
 * The URL search of /devices (`?filter=SN&q=123&customer=4`), so a search survives a visit to a
 * device and the back button. Anything malformed falls back to "no search" instead of an error.
 */
export const DeviceListSearchParamsSchema = v.object({
  filter: v.fallback(v.optional(v.picklist(DEVICE_SEARCH_FILTERS)), undefined),
  q: v.fallback(v.optional(SearchTextSchema), undefined),
  customer: v.fallback(
    v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999_999_999))),
    undefined,
  ),
});
export type DeviceListSearchParams = v.InferOutput<typeof DeviceListSearchParamsSchema>;

export const searchFromParams = (params: DeviceListSearchParams): DeviceListSearch => ({
  filter: params.filter ?? DEFAULT_SEARCH_FILTER,
  text: params.q ?? '',
  customerId: params.customer ?? null,
});

/** The inverse, leaving defaults out of the URL. */
export const paramsFromSearch = (search: DeviceListSearch): DeviceListSearchParams => ({
  filter: search.filter === DEFAULT_SEARCH_FILTER ? undefined : search.filter,
  q: search.text === '' ? undefined : search.text,
  customer: search.customerId ?? undefined,
});
