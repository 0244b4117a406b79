import type { ServerModule } from '@server/modules/module';
import { firmwareRoutes } from './routes';
import { createFirmwareService } from './service';

/** Add-on board firmware (`AddonBoardFW/`): the Firmware screen and the device page's select. */
export const firmwaresModule: ServerModule = {
  name: 'firmwares',
  routes(app, { db }) {
    firmwareRoutes(app, db, createFirmwareService(db));
  },
};
