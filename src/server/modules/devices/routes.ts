import * as v from 'valibot';
import { serverRoutes } from '../../../shared/api-paths';
import {
  AfterQuerySchema,
  CustomerIdParamsSchema,
  DeviceIdParamsSchema,
  DeviceNameSchema,
  DeviceNoteSchema,
  DevicePageSchema,
  DeviceSearchParamsSchema,
  DeviceSearchWithoutCustomerParamsSchema,
  ImeiParamsSchema,
  LastIdParamsSchema,
  RawMessagesPageParamsSchema,
} from '../../../shared/devices';
import type { SecretBox } from '../../auth/secret-box';
import type { Db } from '../../db/client';
import { IdempotencyHeadersSchema as headers, withIdempotency } from '../../http/idempotency';
import type { App } from '../../http/types';
import { assignmentRoutes } from './assignment-routes';
import { credentialRoutes } from './credential-routes';
import { forwardRoutes } from './forward-routes';
import { modemRequestRoutes } from './modem-request-routes';
import { createDeviceRawMessageService } from './raw-messages';
import { createDeviceService } from './service';
import { settingRoutes } from './setting-routes';

const tags = ['devices'];
const page = { 200: DevicePageSchema };

/** Every `devices/…` call of spec 01 §7 and 02 §7, scoped to the caller's tenancy. */
export function deviceRoutes(app: App, db: Db, secrets: SecretBox): void {
  const service = createDeviceService(db);
  const rawMessages = createDeviceRawMessageService(db);

  app.get(serverRoutes.devices, { schema: { tags, response: page } }, async (request) =>
    service.list(await request.scope()),
  );
  app.get(serverRoutes.devicesChunk, { schema: { tags, response: page } }, async (request) =>
    service.list(await request.scope()),
  );
  app.get(
    serverRoutes.devicesChunkAfter,
    { schema: { tags, params: LastIdParamsSchema, response: page } },
    async (request) => service.list(await request.scope(), request.params.lastId),
  );
  app.get(
    serverRoutes.devicesCount,
    { schema: { tags, response: { 200: v.pipe(v.number(), v.description('Devices in scope')) } } },
    async (request) => service.count(await request.scope()),
  );

  const search = { tags, querystring: AfterQuerySchema, response: page };
  app.get(
    serverRoutes.devicesSearch,
    { schema: { ...search, params: DeviceSearchWithoutCustomerParamsSchema } },
    async (request) => {
      const { filter, text } = request.params;
      return service.search(await request.scope(), filter, text, undefined, request.query.after);
    },
  );
  app.get(
    serverRoutes.devicesSearchOfCustomer,
    { schema: { ...search, params: DeviceSearchParamsSchema } },
    async (request) => {
      const { filter, text, customer } = request.params;
      return service.search(await request.scope(), filter, text, customer, request.query.after);
    },
  );
  app.get(
    serverRoutes.devicesOfCustomer,
    {
      schema: {
        tags,
        params: CustomerIdParamsSchema,
        querystring: AfterQuerySchema,
        response: page,
      },
    },
    async (request) =>
      service.ofCustomer(await request.scope(), request.params.customerId, request.query.after),
  );
  app.get(
    serverRoutes.device,
    { schema: { tags, params: DeviceIdParamsSchema } },
    async (request) => service.detail(await request.scope(), request.params.id),
  );
  app.get(
    serverRoutes.deviceState,
    { schema: { tags, params: ImeiParamsSchema } },
    async (request) => service.state(await request.scope(), request.params.imei),
  );

  app.get(
    serverRoutes.deviceRawMessages,
    { schema: { tags, params: ImeiParamsSchema } },
    async (request) => rawMessages.batch(await request.scope(), request.params.imei),
  );
  app.get(
    serverRoutes.deviceRawMessagesBefore,
    { schema: { tags, params: RawMessagesPageParamsSchema } },
    async (request) =>
      rawMessages.batch(await request.scope(), request.params.imei, request.params.lastId),
  );
  app.get(
    serverRoutes.deviceLastRawMessage,
    { schema: { tags, params: ImeiParamsSchema } },
    async (request) => rawMessages.last(await request.scope(), request.params.imei),
  );

  // The spec's two readings send note and name with POST or PUT: both are accepted.
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: serverRoutes.deviceNote,
      schema: { tags, headers, body: DeviceNoteSchema },
      handler: (request, reply) =>
        withIdempotency(request, reply, db, (tx, scope) =>
          createDeviceService(tx).setNote(scope, request.body.imei, request.body.note),
        ),
    });
    app.route({
      method,
      url: serverRoutes.deviceName,
      schema: { tags, headers, body: DeviceNameSchema },
      handler: (request, reply) =>
        withIdempotency(request, reply, db, (tx, scope) =>
          createDeviceService(tx).setName(scope, request.body.imei, request.body.name),
        ),
    });
  }

  assignmentRoutes(app, db);
  modemRequestRoutes(app, db);
  settingRoutes(app, db);
  forwardRoutes(app, db);
  credentialRoutes(app, db, secrets);
}
