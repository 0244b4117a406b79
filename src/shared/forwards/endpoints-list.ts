/**
 * Constants of endpoints that client and server share, without schemas: the device page's
 * endpoints lookup (lib/lookups, in the sign-in page's bundle) and the list's URL search need
 * these only. The schemas are in endpoints.ts.
 */

/** Endpoint protocols (spec 01 §9). */
export const ENDPOINT_PROTOCOLS = { 1: 'HTTP', 3: 'TCP' } as const;
export type EndpointProtocol = 1 | 3;
export const HTTP_PROTOCOL = 1 as const;
export const TCP_PROTOCOL = 3 as const;

/** The Endpoints list (spec 02 §2): its server search fields, Name the default, and page size. */
export const ENDPOINT_SEARCH_FILTERS = ['Name', 'URL'] as const;
export type EndpointSearchFilter = (typeof ENDPOINT_SEARCH_FILTERS)[number];
export const ENDPOINT_PAGE_SIZE = 100;
