import type { ServerModule } from '../module';
import { forwardLookupRoutes } from './routes';

/** Forwards, forward protocols and message types (secrets sealed at start). */
export const forwardsModule: ServerModule = {
  name: 'forwards',
  routes(app, { db, secrets }) {
    forwardLookupRoutes(app, db, secrets);
  },
};
