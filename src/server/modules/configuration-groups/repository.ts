import { asc, type SQL } from 'drizzle-orm';
import type { ConfigurationGroup } from '@shared/customers/customers';
import type { DbOrTx } from '@server/db/client';
import { configurationGroups } from '@server/db/schema';

/** The groups that match, by name. */
export function listGroups(db: DbOrTx, where: SQL | undefined): Promise<ConfigurationGroup[]> {
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
