import type { ServerModule } from '../module';
import { deviceRoutes } from './routes';
export { applyAcknowledgedSettings, failAcknowledgedSettings } from './apply';
export { createDeviceAssignmentService } from './assignments';
export { configCopies } from './config-copies';
export { textOf } from './device-dto';
export { requireDeviceByImei } from './lookup';
export { checkSettingReferences } from './setting-references';
export { createDeviceSettingService } from './settings';
export { recomputeSyncOf } from './sync';

/** Every `devices/…` call: lists, a device's page, its settings, requests and forwards. */
export const devicesModule: ServerModule = {
  name: 'devices',
  routes(app, { db, secrets }) {
    deviceRoutes(app, db, secrets);
  },
};
