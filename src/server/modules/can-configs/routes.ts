import { asc, eq, type SQL } from 'drizzle-orm';
import { serverRoutes } from '../../../shared/api-paths';
import type { CanConfig } from '../../../shared/libraries';
import type { Db } from '../../db/client';
import { canConfigs } from '../../db/schema';
import type { App } from '../../http/types';

const tags = ['canconfig'];
/** Selector lookups: any signed-in user, tenancy on top where rows have a customer. */
const config = { access: 'lookups.read' } as const;

async function listCanConfigs(db: Db, where?: SQL): Promise<CanConfig[]> {
  return db
    .select({
      Id: canConfigs.id,
      Protocol: canConfigs.protocol,
      Version: canConfigs.version,
      Brand: canConfigs.brand,
      Name: canConfigs.name,
      Active: canConfigs.active,
      DeviceType: canConfigs.deviceType,
      Filename: canConfigs.filename,
    })
    .from(canConfigs)
    .where(where)
    .orderBy(asc(canConfigs.protocol), asc(canConfigs.id));
}

/** The CAN protocol library, one for all customers: protocol options of the device page. */
export function canConfigRoutes(app: App, db: Db): void {
  app.get(serverRoutes.canConfigs, { config, schema: { tags } }, () => listCanConfigs(db));
  app.get(serverRoutes.activeCanConfigs, { config, schema: { tags } }, () =>
    listCanConfigs(db, eq(canConfigs.active, true)),
  );
}
