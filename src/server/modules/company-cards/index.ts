import type { ServerModule } from '@server/modules/module';
import { companyCardRoutes } from './routes';
import { createCompanyCardService } from './service';

/** Company cards: what authorises a customer's remote tachograph downloads. */
export const companyCardsModule: ServerModule = {
  name: 'company-cards',
  routes(app, { db }) {
    companyCardRoutes(app, createCompanyCardService(db));
  },
};
