import type { ServerModule } from '../module';
import { configurationGroupRoutes } from './routes';

/** Configuration groups for the selectors. */
export const configurationGroupsModule: ServerModule = {
  name: 'configuration-groups',
  routes(app, { db }) {
    configurationGroupRoutes(app, db);
  },
};
