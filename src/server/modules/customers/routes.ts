import { asc, sql } from 'drizzle-orm';
import { serverRoutes } from '../../../shared/api-paths';
import type { Customer } from '../../../shared/customers';
import { scopeFilter } from '../../auth/tenancy';
import type { Db } from '../../db/client';
import { customerFeatures, customers, features } from '../../db/schema';
import type { App } from '../../http/types';

// Spelled out: drizzle leaves columns of a single-table select unqualified, and a bare "id"
// inside this subquery would mean features.id.
const featureNames = sql<string[]>`coalesce((
  select array_agg(${features.name} order by ${features.name})
  from ${customerFeatures} join ${features} on ${features.id} = ${customerFeatures.featureId}
  where ${customerFeatures.customerId} = ${sql.raw('"customers"."id"')}
), '{}')`;

/** `GET customers/`: the customers the caller may see, for selectors (spec 01 §7). */
export function customerRoutes(app: App, db: Db): void {
  app.get(serverRoutes.customers, { schema: { tags: ['customers'] } }, async (request) => {
    const rows = await db
      .select({
        Id: customers.id,
        Name: customers.name,
        Country: customers.country,
        IsReseller: customers.isReseller,
        Reseller: customers.resellerId,
        Email: customers.email,
        Features: featureNames,
        RTDInterval: customers.rtdInterval,
        RTDIntegration: customers.rtdIntegration,
        RTDIntegrationId: customers.rtdIntegrationId,
        RTDIntCustId: customers.rtdIntCustId,
        Start: customers.start,
      })
      .from(customers)
      .where(scopeFilter(await request.scope(), customers.id))
      .orderBy(asc(customers.name));
    return rows satisfies Customer[];
  });
}
