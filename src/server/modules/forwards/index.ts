import { mountListResource } from '@server/http/list-resource';
import type { ServerModule } from '@server/modules/module';
import { forwardList } from './list';
import { createDeliveryService } from './delivery-service';
import { forwardHealthRoutes } from './health-routes';
import { forwardRoutes } from './routes';
import { sealPlainForwardSecrets } from './secrets';
import { createForwardService } from './service';
export { shownSecret } from './secrets';

/** Forwards and Azure IoT hub integrations, their protocols and message types. */
export const forwardsModule: ServerModule = {
  name: 'forwards',
  routes(app, { db, secrets, forwardTargets }) {
    // Values stored in clear (older databases, bulk loads) are sealed before the API serves.
    app.addHook('onReady', async () => {
      const sealed = await sealPlainForwardSecrets(db, secrets);
      if (sealed > 0) app.log.info({ forwards: sealed }, 'forward secrets encrypted at rest');
    });
    mountListResource(app, db, forwardList(db));
    forwardRoutes(app, db, createForwardService(db, secrets, forwardTargets));
    forwardHealthRoutes(app, createDeliveryService(db));
  },
};
