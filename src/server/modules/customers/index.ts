import type { ServerModule } from '@server/modules/module';
import { customerRoutes } from './routes';
import { createCustomerService } from './service';
export { featureNamesOf } from './feature-names';
export { activeCustomerExists, activeInScope } from './repository';

/** Customers: the list and selectors, create, update, deactivate, RTD integration types. */
export const customersModule: ServerModule = {
  name: 'customers',
  routes: (app, { db }) => {
    customerRoutes(app, createCustomerService(db));
  },
};
