import type { ServerModule } from '@server/modules/module';
import { canConfigRoutes } from './routes';
import { createCanConfigService } from './service';

/** The CAN protocol library (`canconfig/`): QTLibrary and the device page's protocol codes. */
export const canConfigsModule: ServerModule = {
  name: 'can-configs',
  routes(app, { db }) {
    canConfigRoutes(app, db, createCanConfigService(db));
  },
};
