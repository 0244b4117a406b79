import { serverRoutes } from '@shared/api/api-paths';
import {
  CustomerIdParamsSchema,
  DeviceHistoryParamsSchema,
  DeviceListBodySchema,
  GroupIdParamsSchema,
} from '@shared/devices/devices';
import type { Db } from '@server/db/client';
import { IdempotencyHeadersSchema as headers, withIdempotency } from '@server/http/idempotency';
import type { App } from '@server/http/types';
import { createDeviceAssignmentService } from './service';

const tags = ['devices'];
/** Customer and configuration-group changes: admins and resellers (spec 01 §5). */
const config = { access: 'devices.assign' } as const;

/** Bulk customer and configuration-group changes (resellers and admins), customer history. */
export function deviceAssignmentRoutes(app: App, db: Db): void {
  const service = createDeviceAssignmentService(db);
  const body = DeviceListBodySchema;

  // Writes may be replays of the offline outbox: exactly once per Idempotency-Key.
  app.post(
    serverRoutes.deviceCustomerConnectionTo,
    { config, schema: { tags, headers, params: CustomerIdParamsSchema, body } },
    (request, reply) =>
      withIdempotency(request, reply, db, (tx, scope) =>
        createDeviceAssignmentService(tx).assignCustomer(
          request.caller,
          scope,
          request.params.customerId,
          request.body.devices,
        ),
      ),
  );
  app.put(
    serverRoutes.deviceCustomerConnection,
    { config, schema: { tags, headers, body } },
    (request, reply) =>
      withIdempotency(request, reply, db, (tx, scope) =>
        createDeviceAssignmentService(tx).removeCustomer(
          request.caller,
          scope,
          request.body.devices,
        ),
      ),
  );
  app.get(
    serverRoutes.deviceCustomerHistory,
    {
      config: { access: 'devices.customerHistory' },
      schema: { tags, params: DeviceHistoryParamsSchema },
    },
    async (request) => service.history(await request.scope(), request.params.deviceId),
  );

  app.post(
    serverRoutes.deviceConfigurationGroupsTo,
    { config, schema: { tags, headers, params: GroupIdParamsSchema, body } },
    (request, reply) =>
      withIdempotency(request, reply, db, (tx, scope) =>
        createDeviceAssignmentService(tx).assignGroup(
          request.caller,
          scope,
          request.params.groupId,
          request.body.devices,
        ),
      ),
  );
  app.put(
    serverRoutes.deviceConfigurationGroups,
    { config, schema: { tags, headers, body } },
    (request, reply) =>
      withIdempotency(request, reply, db, (tx, scope) =>
        createDeviceAssignmentService(tx).removeGroup(request.caller, scope, request.body.devices),
      ),
  );
}
