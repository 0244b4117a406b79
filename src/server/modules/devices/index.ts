import type { ServerModule } from '@server/modules/module';
import { deviceRoutes } from './routes';
export { applyAcknowledgedSettings, failAcknowledgedSettings } from './apply';
export { logDeviceChange, logDevicesChange, nameList } from './change-log';
export { configCopies } from './config-copies';
export { isoOrNull, textOf } from './device-dto';
export {
  DEVICE_NOT_FOUND,
  loadDeviceDetail,
  requireDeviceById,
  requireDeviceByImei,
} from './lookup';
export { recomputeSync, recomputeSyncOf } from './sync';

/**
 * The device core: the lists and search, a device's page, state, raw messages, note and name,
 * and what the device link and the device's other modules share (lookup, sync, apply, change
 * log). Settings, assignments, modem requests, forwards and credentials are modules of their own.
 */
export const devicesModule: ServerModule = {
  name: 'devices',
  routes(app, { db }) {
    deviceRoutes(app, db);
  },
};
