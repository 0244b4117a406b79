import type { ServerModule } from '@server/modules/module';
import { massUpdateRoutes } from './mass-update-routes';
import { rolloutRoutes } from './routes';
import { createRolloutService } from './service';
export { type RolloutEngine, type RolloutEngineOptions, createRolloutEngine } from './engine';
export { OLD_CAN } from './scope';

/**
 * Mass updates of the libraries as staged rollouts (`rollouts/`), and the spec's mass-update
 * calls (`canconfig/massUpdate/…`, `AddonBoardFW/Mass…Update/…`) that start one with defaults.
 */
export const rolloutsModule: ServerModule = {
  name: 'rollouts',
  routes(app, { db, rollouts }) {
    const service = createRolloutService(db, rollouts);
    rolloutRoutes(app, service);
    massUpdateRoutes(app, service);
  },
};
