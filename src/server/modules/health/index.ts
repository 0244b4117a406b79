import type { ServerModule } from '@server/modules/module';
import { healthRoutes } from './routes';

/** `GET health`: liveness and database reachability (public: the PWA probes it). */
export const healthModule: ServerModule = {
  name: 'health',
  routes(app, { db }) {
    healthRoutes(app, db);
  },
};
