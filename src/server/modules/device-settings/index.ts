import type { ServerModule } from '@server/modules/module';
import { deviceSettingRoutes } from './routes';
export { createDeviceSettingService } from './service';
export { checkSettingReferences } from './setting-references';

/** A device's settings: saved as pending, edited or removed until the device applies them. */
export const deviceSettingsModule: ServerModule = {
  name: 'device-settings',
  routes(app, { db }) {
    deviceSettingRoutes(app, db);
  },
};
