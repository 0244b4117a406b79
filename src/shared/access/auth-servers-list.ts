import { SERVER_STATUS } from '@shared/api/server-status';

/**
 * Constants of the authentication server list that client and server share, without schemas: the
 * route's search schema sits in the client's entry bundle and needs the filters only.
 */

/** The /tacho list's search filters (spec 02 "Authentication server list"), Name the default. */
export const AUTH_SERVER_SEARCH_FILTERS = ['Name', 'IP', 'Forward'] as const;
export type AuthServerSearchFilter = (typeof AUTH_SERVER_SEARCH_FILTERS)[number];

/** Authentication servers per page of `authservers/`, chunks, searches and customer lists. */
export const AUTH_SERVER_PAGE_SIZE = 100;

/** Spec 02 §3: status 0 Server Down, 1 Server Up & Running. */
export const AUTH_SERVER_STATUS = SERVER_STATUS;
