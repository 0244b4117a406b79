import type { ServerModule } from '@server/modules/module';
import { configurationGroupRoutes } from './routes';

/** Configuration groups for the selectors. */
export const configurationGroupsModule: ServerModule = {
  name: 'configuration-groups',
  routes(app, { db }) {
    configurationGroupRoutes(app, db);
  },
};
