/**
 * Lookups: the lists selectors and several screens share, each with one home and one query key.
 * A screen that changes one invalidates its `…Keys.all`, and every screen showing it follows.
 * Lookups only screens after sign-in use (forwards, endpoints, authentication servers) are
 * imported from their own files, so the sign-in page's bundle does not carry them.
 */
export { customerKeys, customersQueryOptions } from './customers';
export { featureKeys, featuresQueryOptions } from './features';
export { roleKeys, rolesQueryOptions } from './roles';
export { configurationGroupKeys, configurationGroupsQueryOptions } from './configuration-groups';
export { LOOKUP_STALE_MS, wholeListLookup } from './lookup';
