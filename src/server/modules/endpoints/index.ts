import type { ServerModule } from '../module';
import { endpointRoutes } from './routes';

/** Endpoints for the device's endpoint selects. */
export const endpointsModule: ServerModule = {
  name: 'endpoints',
  routes(app, { db }) {
    endpointRoutes(app, db);
  },
};
