import { asc, eq, type SQL } from 'drizzle-orm';
import { serverRoutes } from '../../../shared/api-paths';
import { CustomerIdParamsSchema } from '../../../shared/devices';
import type { Endpoint } from '../../../shared/endpoints';
import type { Db } from '../../db/client';
import { customers, endpoints } from '../../db/schema';
import type { App } from '../../http/types';
import { sharedOrInScope, sharedOrOfCustomer } from '../lookup-scope';

const tags = ['endpoints'];
/** Selector lookups: any signed-in user, tenancy on top where rows have a customer. */
const config = { access: 'lookups.read' } as const;

async function listEndpoints(db: Db, where: SQL | undefined): Promise<Endpoint[]> {
  return db
    .select({
      Id: endpoints.id,
      CustomerId: endpoints.customerId,
      Customer: customers.name,
      Name: endpoints.name,
      URL: endpoints.url,
      Protocol: endpoints.protocol,
    })
    .from(endpoints)
    .leftJoin(customers, eq(customers.id, endpoints.customerId))
    .where(where)
    .orderBy(asc(endpoints.name), asc(endpoints.id));
}

/** Endpoints for the device's endpoint selects (GET only here). */
export function endpointRoutes(app: App, db: Db): void {
  app.get(serverRoutes.endpoints, { config, schema: { tags } }, async (request) =>
    listEndpoints(db, sharedOrInScope(await request.scope(), endpoints.customerId)),
  );
  app.get(
    serverRoutes.endpointsOfCustomer,
    { config, schema: { tags, params: CustomerIdParamsSchema } },
    async (request) =>
      listEndpoints(
        db,
        sharedOrOfCustomer(await request.scope(), endpoints.customerId, request.params.customerId),
      ),
  );
}
