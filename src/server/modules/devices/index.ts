import type { ServerModule } from '../module';
import { deviceRoutes } from './routes';

/** Every `devices/…` call: lists, a device's page, its settings, requests and forwards. */
export const devicesModule: ServerModule = {
  name: 'devices',
  routes(app, { db, secrets }) {
    deviceRoutes(app, db, secrets);
  },
};
