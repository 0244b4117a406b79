import type { ConfigurationGroup } from '@shared/customers/customers';
import type { CustomerScope } from '@server/auth/tenancy';
import type { DbOrTx } from '@server/db/client';
import { configurationGroups } from '@server/db/schema';
import { sharedOrInScope, sharedOrOfCustomer } from '@server/modules/lookup-scope';
import { listGroups } from './repository';

/** Configuration groups for the selectors: shared groups plus the caller's customers' own. */
export function createConfigurationGroupService(db: DbOrTx) {
  return {
    list: (scope: CustomerScope): Promise<ConfigurationGroup[]> =>
      listGroups(db, sharedOrInScope(scope, configurationGroups.customerId)),

    /** Shared groups plus that customer's own, for a visible customer (404 otherwise). */
    ofCustomer: (scope: CustomerScope, customerId: number): Promise<ConfigurationGroup[]> =>
      listGroups(db, sharedOrOfCustomer(scope, configurationGroups.customerId, customerId)),
  };
}
