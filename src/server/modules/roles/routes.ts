import { serverRoutes } from '@shared/api/api-paths';
import { RoleCreateSchema, RoleIdParamsSchema } from '@shared/access/roles';
import type { App } from '@server/http/types';
import type { NamedEntityService } from '@server/modules/named-entities';
import { namedEntityRoutes } from '@server/modules/named-entity-routes';

/** `roles/`, `roles/{id}`: everyone reads them (the role select); admins manage them. */
export function roleRoutes(app: App, service: NamedEntityService): void {
  namedEntityRoutes(app, service, {
    tag: 'roles',
    listPath: serverRoutes.roles,
    itemPath: serverRoutes.role,
    params: RoleIdParamsSchema,
    body: RoleCreateSchema,
    list: 'roles.list',
    manage: 'roles.manage',
    usedBy: 'users with the role',
  });
}
