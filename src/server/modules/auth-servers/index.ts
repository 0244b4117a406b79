import { mountListResource } from '@server/http/list-resource';
import type { ServerModule } from '@server/modules/module';
import { authServerList } from './list';
import { authServerRoutes } from './routes';
import { createAuthServerService } from './service';

/** Authentication servers remote tachograph downloads go through (/tacho, customer detail tab). */
export const authServersModule: ServerModule = {
  name: 'auth-servers',
  routes(app, { db, secrets }) {
    mountListResource(app, db, authServerList(db));
    authServerRoutes(app, createAuthServerService(db, secrets));
  },
};
