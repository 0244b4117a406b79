import { serverRoutes } from '@shared/api/api-paths';
import {
  ImeiParamsSchema,
  ModemRequestIdParamsSchema,
  ModemRequestCreateSchema,
  ModemRequestUpdateSchema,
} from '@shared/devices/devices';
import type { Db } from '@server/db/client';
import { IdempotencyHeadersSchema as headers, withIdempotency } from '@server/http/idempotency';
import type { App } from '@server/http/types';
import { createModemRequestService } from './service';

const tags = ['devices'];
const read = { access: 'devices.read' } as const;
const write = { access: 'devices.write' } as const;

/** Modem commands queued for a device (`devices/modemrequests/…`). */
export function modemRequestRoutes(app: App, db: Db): void {
  const service = createModemRequestService(db);
  const url = serverRoutes.deviceModemRequestsOfDevice;

  app.get(url, { config: read, schema: { tags, params: ImeiParamsSchema } }, async (request) =>
    service.list(await request.scope(), request.params.imei),
  );
  // Writes may be replays of the offline outbox: exactly once per Idempotency-Key.
  app.post(
    url,
    {
      config: write,
      schema: { tags, headers, params: ImeiParamsSchema, body: ModemRequestCreateSchema },
    },
    (request, reply) =>
      withIdempotency(request, reply, db, (tx, scope) =>
        createModemRequestService(tx).create(
          request.caller,
          scope,
          request.params.imei,
          request.body,
        ),
      ),
  );
  app.put(
    url,
    {
      config: write,
      schema: { tags, headers, params: ImeiParamsSchema, body: ModemRequestUpdateSchema },
    },
    (request, reply) =>
      withIdempotency(request, reply, db, (tx, scope) =>
        createModemRequestService(tx).update(
          request.caller,
          scope,
          request.params.imei,
          request.body,
        ),
      ),
  );
  app.delete(
    serverRoutes.deviceModemRequest,
    { config: write, schema: { tags, headers, params: ModemRequestIdParamsSchema } },
    (request, reply) =>
      withIdempotency(request, reply, db, (tx, scope) =>
        createModemRequestService(tx).remove(request.caller, scope, request.params.id),
      ),
  );
}
