/**
 * Lookups: the lists selectors and several screens share, each with one home and one query key.
 * A screen that changes one invalidates its `…Keys.all`, and every screen showing it follows.
 */
export { customerKeys, customersQueryOptions } from './customers';
export { featureKeys, featuresQueryOptions } from './features';
export { roleKeys, rolesQueryOptions } from './roles';
export { configurationGroupKeys, configurationGroupsQueryOptions } from './configuration-groups';
export { LOOKUP_STALE_MS, wholeListLookup } from './lookup';
export { forwardKeys, customerForwardsQueryOptions } from './forwards';
export { authServerKeys, customerAuthServersQueryOptions } from './auth-servers';
