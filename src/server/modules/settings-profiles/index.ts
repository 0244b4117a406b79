import type { ServerModule } from '@server/modules/module';
import { settingsProfileRoutes } from './routes';
import { createSettingsProfileService } from './service';
export { applyWantedProfile } from './assignment';

/** Settings profiles: the lookups, the admin screen's changes and the re-target of devices. */
export const settingsProfilesModule: ServerModule = {
  name: 'settings-profiles',
  routes(app, { db }) {
    settingsProfileRoutes(app, createSettingsProfileService(db));
  },
};
