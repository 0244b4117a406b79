import type { ServerModule } from '@server/modules/module';
import { endpointRoutes } from './routes';
import { createEndpointService } from './service';

/** Endpoints: the list (and the device page's selects), create, update, remove. */
export const endpointsModule: ServerModule = {
  name: 'endpoints',
  routes(app, { db }) {
    endpointRoutes(app, db, createEndpointService(db));
  },
};
