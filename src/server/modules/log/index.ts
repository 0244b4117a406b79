import type { ServerModule } from '@server/modules/module';
import { logRoutes } from './routes';

/**
 * The middleware's log for admins (spec 02 "Log page"). Entries are written by the other
 * modules through operator-log/write.ts.
 */
export const logModule: ServerModule = {
  name: 'log',
  routes: (app, { db }) => {
    logRoutes(app, db);
  },
};
