import type { ServerModule } from '@server/modules/module';
import { featureRoutes } from './routes';
import { createFeatureService } from './service';

/** Features: the features select's list; the admins' Features screen creates and removes them. */
export const featuresModule: ServerModule = {
  name: 'features',
  routes: (app, { db }) => {
    featureRoutes(app, createFeatureService(db));
  },
};
