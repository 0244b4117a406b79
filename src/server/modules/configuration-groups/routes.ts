import { serverRoutes } from '@shared/api/api-paths';
import { CustomerIdParamsSchema } from '@shared/devices/devices';
import type { Db } from '@server/db/client';
import type { App } from '@server/http/types';
import { createConfigurationGroupService } from './service';

const tags = ['configurationgroups'];
/** Selector lookups: any signed-in user, tenancy on top where rows have a customer. */
const config = { access: 'lookups.read' } as const;

/** Configuration groups for the selectors: shared groups plus the caller's customers' own. */
export function configurationGroupRoutes(app: App, db: Db): void {
  const service = createConfigurationGroupService(db);
  app.get(serverRoutes.configurationGroups, { config, schema: { tags } }, async (request) =>
    service.list(await request.scope()),
  );
  app.get(
    serverRoutes.configurationGroupsOfCustomer,
    { config, schema: { tags, params: CustomerIdParamsSchema } },
    async (request) => service.ofCustomer(await request.scope(), request.params.customerId),
  );
}
