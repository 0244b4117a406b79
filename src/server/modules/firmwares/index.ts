import type { ServerModule } from '../module';
import { firmwareRoutes } from './routes';

/** Add-on board firmware (`AddonBoardFW/`). */
export const firmwaresModule: ServerModule = {
  name: 'firmwares',
  routes(app, { db }) {
    firmwareRoutes(app, db);
  },
};
