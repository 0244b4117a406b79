import type { ServerModule } from '../module';
import { settingsProfileRoutes } from './routes';

/** Settings profiles for the device's settings select. */
export const settingsProfilesModule: ServerModule = {
  name: 'settings-profiles',
  routes(app, { db }) {
    settingsProfileRoutes(app, db);
  },
};
