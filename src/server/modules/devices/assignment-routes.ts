import { serverRoutes } from '../../../shared/api-paths';
import {
  CustomerIdParamsSchema,
  DeviceHistoryParamsSchema,
  DeviceListBodySchema,
  GroupIdParamsSchema,
} from '../../../shared/devices';
import type { Db } from '../../db/client';
import type { App } from '../../http/types';
import { createDeviceAssignmentService } from './assignments';

const tags = ['devices'];

/** Bulk customer and configuration-group changes (resellers and admins), customer history. */
export function assignmentRoutes(app: App, db: Db): void {
  const service = createDeviceAssignmentService(db);
  const body = DeviceListBodySchema;

  app.post(
    serverRoutes.deviceCustomerConnectionTo,
    { schema: { tags, params: CustomerIdParamsSchema, body } },
    async (request) =>
      service.assignCustomer(
        request.caller,
        await request.scope(),
        request.params.customerId,
        request.body.devices,
      ),
  );
  app.put(serverRoutes.deviceCustomerConnection, { schema: { tags, body } }, async (request) =>
    service.removeCustomer(request.caller, await request.scope(), request.body.devices),
  );
  app.get(
    serverRoutes.deviceCustomerHistory,
    { config: { roles: ['Admin'] }, schema: { tags, params: DeviceHistoryParamsSchema } },
    async (request) => service.history(await request.scope(), request.params.deviceId),
  );

  app.post(
    serverRoutes.deviceConfigurationGroupsTo,
    { schema: { tags, params: GroupIdParamsSchema, body } },
    async (request) =>
      service.assignGroup(
        request.caller,
        await request.scope(),
        request.params.groupId,
        request.body.devices,
      ),
  );
  app.put(serverRoutes.deviceConfigurationGroups, { schema: { tags, body } }, async (request) =>
    service.removeGroup(request.caller, await request.scope(), request.body.devices),
  );
}
