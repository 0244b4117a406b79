import { asc, type SQL } from 'drizzle-orm';
import { serverRoutes } from '../../../shared/api-paths';
import type { ConfigurationGroup } from '../../../shared/customers';
import { CustomerIdParamsSchema } from '../../../shared/devices';
import type { Db } from '../../db/client';
import { configurationGroups } from '../../db/schema';
import type { App } from '../../http/types';
import { sharedOrInScope, sharedOrOfCustomer } from '../lookup-scope';

const tags = ['configurationgroups'];
/** Selector lookups: any signed-in user, tenancy on top where rows have a customer. */
const config = { access: 'lookups.read' } as const;

async function listGroups(db: Db, where: SQL | undefined): Promise<ConfigurationGroup[]> {
  return db
    .select({
      Id: configurationGroups.id,
      Name: configurationGroups.name,
      CustomerId: configurationGroups.customerId,
      Version: configurationGroups.version,
    })
    .from(configurationGroups)
    .where(where)
    .orderBy(asc(configurationGroups.name), asc(configurationGroups.id));
}

/** Configuration groups for the selectors: shared groups plus the caller's customers' own. */
export function configurationGroupRoutes(app: App, db: Db): void {
  app.get(serverRoutes.configurationGroups, { config, schema: { tags } }, async (request) =>
    listGroups(db, sharedOrInScope(await request.scope(), configurationGroups.customerId)),
  );
  app.get(
    serverRoutes.configurationGroupsOfCustomer,
    { config, schema: { tags, params: CustomerIdParamsSchema } },
    async (request) =>
      listGroups(
        db,
        sharedOrOfCustomer(
          await request.scope(),
          configurationGroups.customerId,
          request.params.customerId,
        ),
      ),
  );
}
