import * as v from 'valibot';
import { serverRoutes } from '@shared/api/api-paths';
import { DeviceForwardIdParamsSchema, ImeiParamsSchema } from '@shared/devices/devices';
import { DeviceForwardSchema } from '@shared/forwards/forwards';
import type { Db } from '@server/db/client';
import { IdempotencyHeadersSchema as headers, withIdempotency } from '@server/http/idempotency';
import type { App } from '@server/http/types';
import { createDeviceForwardService } from './service';

const tags = ['devices'];
const read = { access: 'devices.read' } as const;
const write = { access: 'devices.write' } as const;
const body = v.pipe(
  DeviceForwardSchema,
  v.examples([{ IMEI: '356307042441013', MessageType: 'TD', ForwardId: 1 }]),
);

/** A device's forward per message type (`devices/forwards/…`). */
export function deviceForwardRoutes(app: App, db: Db): void {
  app.get(
    serverRoutes.deviceForwardsOfDevice,
    { config: read, schema: { tags, params: ImeiParamsSchema } },
    async (request) =>
      createDeviceForwardService(db, request.caller).list(
        await request.scope(),
        request.params.imei,
      ),
  );
  // POST creates from 'non', PUT changes; both set the slot, so a replayed call is harmless.
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: serverRoutes.deviceForwards,
      config: write,
      schema: { tags, headers, body },
      handler: (request, reply) =>
        withIdempotency(request, reply, db, (tx, scope) =>
          createDeviceForwardService(tx, request.caller).assign(scope, request.body),
        ),
    });
  }
  app.delete(
    serverRoutes.deviceForward,
    { config: write, schema: { tags, headers, params: DeviceForwardIdParamsSchema } },
    (request, reply) =>
      withIdempotency(request, reply, db, (tx, scope) =>
        createDeviceForwardService(tx, request.caller).remove(scope, request.params.id),
      ),
  );
}
