import { apiPaths } from '@shared/api/api-paths';
import type { Role } from '@shared/access/roles';
import { wholeListLookup } from './lookup';

/**
 * `GET roles/`: every role, with the number of users that have it. One key for the Roles screen
 * and every role select (the user forms), so a role created or removed shows everywhere.
 */
const roles = wholeListLookup<Role>('roles', apiPaths.roles);
export const roleKeys = roles.keys;
export const rolesQueryOptions = roles.queryOptions;
