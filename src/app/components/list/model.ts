/**
 * The list kit's data side: URL search, search rules, server list sources, client search. No
 * React components, so route files (search schemas, loaders) that stay in the entry bundle import
 * from here and leave the kit's components in the screens' lazy chunks.
 */
export { serverListSource, prefetchServerList, type ServerListSource } from './server-list';
export {
  searchRows,
  wordsField,
  type ClientFields,
  type FieldSearch,
  type FieldText,
} from './client-search';
export {
  listModeFor,
  MIN_SEARCH_LENGTH,
  SEARCH_DEBOUNCE_MS,
  type ListMode,
  type ListSearch,
} from './search-rules';
export { listUrlSearch, type ListSearchParams } from './search-params';
