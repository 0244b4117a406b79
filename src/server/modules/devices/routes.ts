import { serverRoutes } from '@shared/api/api-paths';
import {
  DeviceIdParamsSchema,
  DeviceNameSchema,
  DeviceNoteSchema,
  ImeiParamsSchema,
  RawMessagesPageParamsSchema,
} from '@shared/devices/devices';
import type { Db } from '@server/db/client';
import { IdempotencyHeadersSchema as headers, withIdempotency } from '@server/http/idempotency';
import { mountListResource } from '@server/http/list-resource';
import type { App } from '@server/http/types';
import { deviceList } from './list';
import { createDeviceRawMessageService } from './raw-messages';
import { createDeviceService } from './service';

const tags = ['devices'];
const read = { access: 'devices.read' } as const;
const write = { access: 'devices.write' } as const;

/**
 * The device core's calls of spec 01 §7 and 02 §7 (lists, page, state, raw messages, note and
 * name), scoped to the caller's tenancy. The other `devices/…` calls are in the device modules.
 */
export function deviceRoutes(app: App, db: Db): void {
  const service = createDeviceService(db);
  const rawMessages = createDeviceRawMessageService(db);

  mountListResource(app, db, deviceList(db));

  app.get(
    serverRoutes.device,
    { config: read, schema: { tags, params: DeviceIdParamsSchema } },
    async (request) => service.detail(await request.scope(), request.params.id),
  );
  app.get(
    serverRoutes.deviceState,
    { config: read, schema: { tags, params: ImeiParamsSchema } },
    async (request) => service.state(await request.scope(), request.params.imei),
  );

  app.get(
    serverRoutes.deviceRawMessages,
    { config: read, schema: { tags, params: ImeiParamsSchema } },
    async (request) => rawMessages.batch(await request.scope(), request.params.imei),
  );
  app.get(
    serverRoutes.deviceRawMessagesBefore,
    { config: read, schema: { tags, params: RawMessagesPageParamsSchema } },
    async (request) =>
      rawMessages.batch(await request.scope(), request.params.imei, request.params.lastId),
  );
  app.get(
    serverRoutes.deviceLastRawMessage,
    { config: read, schema: { tags, params: ImeiParamsSchema } },
    async (request) => rawMessages.last(await request.scope(), request.params.imei),
  );

  // The spec's two readings send note and name with POST or PUT: both are accepted.
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: serverRoutes.deviceNote,
      config: write,
      schema: { tags, headers, body: DeviceNoteSchema },
      handler: (request, reply) =>
        withIdempotency(request, reply, db, (tx, scope) =>
          createDeviceService(tx).setNote(
            request.caller,
            scope,
            request.body.imei,
            request.body.note,
          ),
        ),
    });
    app.route({
      method,
      url: serverRoutes.deviceName,
      config: write,
      schema: { tags, headers, body: DeviceNameSchema },
      handler: (request, reply) =>
        withIdempotency(request, reply, db, (tx, scope) =>
          createDeviceService(tx).setName(
            request.caller,
            scope,
            request.body.imei,
            request.body.name,
          ),
        ),
    });
  }
}
