import type { ServerModule } from '@server/modules/module';
import { deviceCredentialRoutes } from './routes';

/** The device-link credential an admin issues to a device (docs/device-protocol.md). */
export const deviceCredentialsModule: ServerModule = {
  name: 'device-credentials',
  routes(app, { db, secrets }) {
    deviceCredentialRoutes(app, db, secrets);
  },
};
