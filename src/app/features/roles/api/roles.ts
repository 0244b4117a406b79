import { apiPaths } from '@shared/api/api-paths';
import type { NamedResource } from '@app/features/named-entities';
import { roleKeys, rolesQueryOptions } from '@app/lib/lookups';

/**
 * Roles (spec 02 "Roles page"): `GET roles/` is the lookup the user forms' role select shares.
 * Texts as the spec quotes them ('succesfully' included).
 */
export const roleResource: NamedResource<ReturnType<typeof roleKeys.list>> = {
  kind: 'role',
  query: rolesQueryOptions,
  allKey: roleKeys.all,
  listPath: apiPaths.roles,
  itemPath: apiPaths.role,
  texts: {
    noun: 'Role',
    count: { one: 'role', many: 'roles' },
    usedBy: { one: 'user', many: 'users' },
    empty: {
      title: 'No roles found',
      text: 'Roles other than Admin, User and Viewer are allowed what User is.',
    },
    created: (name) => `Role ${name} succesfully created`,
    removed: 'Role succesfully removed!',
    confirmRemove: 'Are you sure you want to remove this role?',
  },
};
