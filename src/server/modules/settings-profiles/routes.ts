import { asc, eq, type SQL } from 'drizzle-orm';
import { serverRoutes } from '../../../shared/api-paths';
import { CustomerIdParamsSchema } from '../../../shared/devices';
import type { SettingsProfile } from '../../../shared/endpoints';
import type { Db } from '../../db/client';
import { customers, settingsProfiles } from '../../db/schema';
import type { App } from '../../http/types';
import { sharedOrInScope, sharedOrOfCustomer } from '../lookup-scope';

const tags = ['settingsProfiles'];
/** Selector lookups: any signed-in user, tenancy on top where rows have a customer. */
const config = { access: 'lookups.read' } as const;

async function listProfiles(db: Db, where: SQL | undefined): Promise<SettingsProfile[]> {
  const rows = await db
    .select({ profile: settingsProfiles, customer: customers.name })
    .from(settingsProfiles)
    .leftJoin(customers, eq(customers.id, settingsProfiles.customerId))
    .where(where)
    .orderBy(asc(settingsProfiles.name));
  return rows.map(({ profile, customer }) => ({
    // The settings first, so they can never shadow the profile's own fields.
    ...profile.settings,
    Id: profile.id,
    Name: profile.name,
    CustomerId: profile.customerId,
    Customer: customer,
    applicationVersion: profile.applicationVersion,
    message0: profile.messages[0] ?? null,
    message1: profile.messages[1] ?? null,
    message2: profile.messages[2] ?? null,
  }));
}

/** Settings profiles for the device's settings select (GET only here). */
export function settingsProfileRoutes(app: App, db: Db): void {
  app.get(serverRoutes.settingsProfiles, { config, schema: { tags } }, async (request) =>
    listProfiles(db, sharedOrInScope(await request.scope(), settingsProfiles.customerId)),
  );
  app.get(
    serverRoutes.settingsProfilesOfCustomer,
    { config, schema: { tags, params: CustomerIdParamsSchema } },
    async (request) =>
      listProfiles(
        db,
        sharedOrOfCustomer(
          await request.scope(),
          settingsProfiles.customerId,
          request.params.customerId,
        ),
      ),
  );
}
