import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { customerFeatures, features } from '@server/db/schema';

/**
 * The feature names of the customer `customerId` names (a column of the outer query), by name:
 * the `Features` of customers, users and the session user.
 */
export const featureNamesOf = (customerId: PgColumn | SQL) =>
  sql<string[]>`coalesce((
    select array_agg(${features.name} order by ${features.name})
    from ${customerFeatures} join ${features} on ${features.id} = ${customerFeatures.featureId}
    where ${customerFeatures.customerId} = ${customerId}
  ), '{}')`;
