import type { ServerModule } from '@server/modules/module';
import { deviceForwardRoutes } from './routes';

/** Which forward sends each of a device's message types (the four slots TD, RT, TC, TL). */
export const deviceForwardsModule: ServerModule = {
  name: 'device-forwards',
  routes(app, { db }) {
    deviceForwardRoutes(app, db);
  },
};
