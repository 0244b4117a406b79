/**
 * The list kit: one way to build a list screen (README.md in this folder). Screens import from
 * here, not from the files behind it; route files' search schemas and loaders import from
 * './model' (the same exports without components), which keeps the kit out of the entry bundle,
 * and screens without a ListPage import './table' (the in-card table and row buttons).
 */
export { ListPage, type ListPageProps } from './ListPage';
export type { ListColumn, CardPlace } from './columns';
export { ListSkeleton, type EmptyText } from './ListStates';
export type { Noun } from './ResultCount';
export type { ExpandOptions, RowActions, SelectionOptions } from './row-features';
export type { ListController, SearchBinding } from './list-controller';

export { useServerList } from './use-server-list';
export { useSearchedList, type SearchedListSource } from './use-searched-list';
export { useClientList, usePagedClientList, type ClientListOptions } from './use-client-list';
export * from './model';
export { useListSearchState, useUrlListSearch } from './use-list-search-state';
export { useSettledSearchText } from './use-settled-search-text';
export { useRowSelection, SELECTION_ZONE, type RowSelection } from './use-row-selection';
export { useMediaQuery, DESKTOP_QUERY } from './use-media-query';
export * from './table';
