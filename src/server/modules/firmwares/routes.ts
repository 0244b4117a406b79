import { desc, eq, type SQL } from 'drizzle-orm';
import { serverRoutes } from '../../../shared/api-paths';
import { FIRMWARE_FLAG_LIST, type Firmware } from '../../../shared/libraries';
import type { Db } from '../../db/client';
import { firmwares } from '../../db/schema';
import type { App } from '../../http/types';

const tags = ['AddonBoardFW'];
/** Selector lookups: any signed-in user, tenancy on top where rows have a customer. */
const config = { access: 'lookups.read' } as const;

async function listFirmwares(db: Db, where?: SQL): Promise<Firmware[]> {
  const rows = await db
    .select()
    .from(firmwares)
    .where(where)
    .orderBy(desc(firmwares.created), desc(firmwares.id));
  return rows.map((f) => ({
    Id: f.id,
    Version: f.version,
    Filename: f.filename,
    Release: f.release,
    FirmwareFlag: f.firmwareFlag,
    DeviceType: f.deviceType,
    Active: f.active,
    Created: f.created.toISOString(),
  }));
}

/** Add-on board firmware, one list for all customers: firmware options of the device page. */
export function firmwareRoutes(app: App, db: Db): void {
  app.get(serverRoutes.firmwares, { config, schema: { tags } }, () => listFirmwares(db));
  app.get(serverRoutes.firmwareFlags, { config, schema: { tags } }, () => FIRMWARE_FLAG_LIST);
  app.get(serverRoutes.activeFirmwares, { config, schema: { tags } }, () =>
    listFirmwares(db, eq(firmwares.active, true)),
  );
}
