import type { ServerModule } from '@server/modules/module';
import { roleRoutes } from './routes';
import { createRoleService } from './service';

/** Roles: the role select's list; the admins' Roles screen creates and removes them. */
export const rolesModule: ServerModule = {
  name: 'roles',
  routes: (app, { db }) => {
    roleRoutes(app, createRoleService(db));
  },
};
