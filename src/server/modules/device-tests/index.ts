import type { ServerModule } from '@server/modules/module';
import { deviceTestRoutes } from './routes';
export { DeviceTestEngine, type DeviceTestEngineOptions } from './engine';
export { deviceTestHub } from './hub';

/** The installation test's calls (its live hub is registered beside the API, see hub.ts). */
export const deviceTestsModule: ServerModule = {
  name: 'device-tests',
  routes(app, { db, deviceTests }) {
    deviceTestRoutes(app, db, deviceTests);
  },
};
