import type { ServerModule } from '@server/modules/module';
import { modemRequestRoutes } from './routes';

/** Modem commands queued for a device until it executes them. */
export const modemRequestsModule: ServerModule = {
  name: 'modem-requests',
  routes(app, { db }) {
    modemRequestRoutes(app, db);
  },
};
