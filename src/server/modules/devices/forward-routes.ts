import { serverRoutes } from '../../../shared/api-paths';
import { DeviceIdParamsSchema, ImeiParamsSchema } from '../../../shared/devices';
import { DeviceForwardSchema } from '../../../shared/forwards';
import type { Db } from '../../db/client';
import type { App } from '../../http/types';
import { createDeviceForwardService } from './forwards';

const tags = ['devices'];

export function forwardRoutes(app: App, db: Db): void {
  const service = createDeviceForwardService(db);

  app.get(
    serverRoutes.deviceForwardsOfDevice,
    { schema: { tags, params: ImeiParamsSchema } },
    async (request) => service.list(await request.scope(), request.params.imei),
  );
  // POST creates from 'non', PUT changes; both set the slot, so a replayed call is harmless.
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: serverRoutes.deviceForwards,
      schema: { tags, body: DeviceForwardSchema },
      handler: async (request) => service.assign(await request.scope(), request.body),
    });
  }
  app.delete(
    serverRoutes.deviceForward,
    { schema: { tags, params: DeviceIdParamsSchema } },
    async (request) => service.remove(await request.scope(), request.params.id),
  );
}
