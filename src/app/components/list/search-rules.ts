/** Spec 02 §4 and §9: a server search waits this long after the last keystroke… */
export const SEARCH_DEBOUNCE_MS = 800;
/** …and needs at least this many characters before it asks the server. */
export const MIN_SEARCH_LENGTH = 3;

/** The search of a list page: the chosen filter (field), the settled text and the customer. */
export interface ListSearch<F extends string = string> {
  filter: F;
  /** The settled search text (after the debounce), as typed. */
  text: string;
  customerId: number | null;
}

/** What a server list shows: the whole list, one customer's rows, or search results. */
export type ListMode<F extends string = string> =
  | { kind: 'all' }
  | { kind: 'customer'; customerId: number }
  | { kind: 'search'; filter: F; text: string; customerId: number | null };

/**
 * Spec 02 §4: a text of MIN_SEARCH_LENGTH or more (spaces around it do not count) runs a
 * server-side search on the chosen filter, narrowed to the selected customer; otherwise a
 * selected customer gives that customer's list; otherwise the whole list.
 */
export function listModeFor<F extends string>({
  filter,
  text,
  customerId,
}: ListSearch<F>): ListMode<F> {
  const term = text.trim();
  if (term.length >= MIN_SEARCH_LENGTH) return { kind: 'search', filter, text: term, customerId };
  if (customerId !== null) return { kind: 'customer', customerId };
  return { kind: 'all' };
}
