import type { ServerModule } from '@server/modules/module';
import { customTestDataRoutes } from './routes';
import { createCustomTestDataService } from './service';

/** Custom test data (`customtestdata/`): files per customer, uploaded and removed by admins. */
export const customTestDataModule: ServerModule = {
  name: 'custom-test-data',
  routes(app, { db }) {
    customTestDataRoutes(app, createCustomTestDataService(db));
  },
};
