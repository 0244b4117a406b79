import type { ServerModule } from '@server/modules/module';
import { homeRoutes } from './routes';
import { createHomeService } from './service';

/** The dashboard (`home/dashboard`). */
export const homeModule: ServerModule = {
  name: 'home',
  routes(app, { db }) {
    homeRoutes(app, createHomeService(db));
  },
};
