import { serverRoutes } from '../../../shared/api-paths';
import {
  DeviceIdParamsSchema,
  ImeiParamsSchema,
  ModemRequestCreateSchema,
  ModemRequestUpdateSchema,
} from '../../../shared/devices';
import type { Db } from '../../db/client';
import type { App } from '../../http/types';
import { createModemRequestService } from './modem-requests';

const tags = ['devices'];

export function modemRequestRoutes(app: App, db: Db): void {
  const service = createModemRequestService(db);
  const url = serverRoutes.deviceModemRequestsOfDevice;

  app.get(url, { schema: { tags, params: ImeiParamsSchema } }, async (request) =>
    service.list(await request.scope(), request.params.imei),
  );
  app.post(
    url,
    { schema: { tags, params: ImeiParamsSchema, body: ModemRequestCreateSchema } },
    async (request) => service.create(await request.scope(), request.params.imei, request.body),
  );
  app.put(
    url,
    { schema: { tags, params: ImeiParamsSchema, body: ModemRequestUpdateSchema } },
    async (request) => service.update(await request.scope(), request.params.imei, request.body),
  );
  app.delete(
    serverRoutes.deviceModemRequest,
    { schema: { tags, params: DeviceIdParamsSchema } },
    async (request) => service.remove(await request.scope(), request.params.id),
  );
}
