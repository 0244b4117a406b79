/**
 * Constants of the forwards list that client and server share, without schemas: the route's
 * search schema sits in the client's entry bundle and needs the filters only.
 */

/** The forwards list's search filters (spec 02 "Forwards page"), Name the default. */
export const FORWARD_SEARCH_FILTERS = ['Name', 'IP', 'Port'] as const;
export type ForwardSearchFilter = (typeof FORWARD_SEARCH_FILTERS)[number];

/** Forwards per page of `forwards/`, `forwards/chunk/{lastId}`, searches and customer lists. */
export const FORWARD_PAGE_SIZE = 100;
