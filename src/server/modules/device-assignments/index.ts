import type { ServerModule } from '@server/modules/module';
import { deviceAssignmentRoutes } from './routes';
export { createDeviceAssignmentService } from './service';

/** Which customer and configuration group devices belong to, and a device's customer history. */
export const deviceAssignmentsModule: ServerModule = {
  name: 'device-assignments',
  routes(app, { db }) {
    deviceAssignmentRoutes(app, db);
  },
};
