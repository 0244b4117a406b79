import type { ServerModule } from '../module';
import { canConfigRoutes } from './routes';

/** The CAN protocol library (`canconfig/`). */
export const canConfigsModule: ServerModule = {
  name: 'can-configs',
  routes(app, { db }) {
    canConfigRoutes(app, db);
  },
};
