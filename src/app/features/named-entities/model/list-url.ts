import { listUrlSearch } from '@app/components/list/model';

/** The one search filter of both screens (spec 02: "Search on Name"). */
export const NAME_FILTERS = ['Name'] as const;
export type NameFilter = (typeof NAME_FILTERS)[number];
/**
 * Their search in the URL (`/roles?q=inst`), kept across a reload. Apart from the screen so the
 * route files' search validation does not pull the screen (and the form kit) into the entry.
 */
export const nameListUrl = listUrlSearch(NAME_FILTERS);
