import { and, eq, sql } from 'drizzle-orm';
import { deviceTypeName, FIRMWARE_FLAGS } from '@shared/devices/constants';
import { ROLLOUT_SETTING, SAME_PROTOCOL, type MassUpdateTarget } from '@shared/libraries/rollouts';
import type { DbOrTx } from '@server/db/client';
import { canConfigs, customers, firmwares } from '@server/db/schema';
import { badRequest } from '@server/errors/http-errors';
import { CURRENT_COLUMN, type RolloutScope } from './scope';

export const NO_ACTIVE_PROTOCOL = 'No active QTLibrary has this protocol code';
export const FIRMWARE_NOT_FOUND = 'Firmware not found';
export const NOT_APPLICATION = 'Choose an application firmware (Firmware Type Application)';
export const NOT_BOOTER = 'Choose a booter firmware (Firmware Type Booter)';
export const FIRMWARE_WITHOUT_FILE = 'This firmware has no file devices could load';
export const CUSTOMER_NOT_FOUND = 'Customer not found';

/**
 * What a mass update's target means in the database: the devices in scope, the value they move
 * to and what suits which device. Unknown or unsuitable library entries are a 400 on the field.
 */
export async function resolveTarget(
  db: DbOrTx,
  target: MassUpdateTarget,
  /** Where the target sits in the body: '' (preview) or 'Target.' (start). */
  at = '',
): Promise<RolloutScope> {
  if (target.Kind === 'qtl') {
    if (target.From === target.To) throw badRequest({ [`${at}To`]: SAME_PROTOCOL });
    const [entry] = await db
      .select({ id: canConfigs.id })
      .from(canConfigs)
      .where(and(eq(canConfigs.protocol, target.To), eq(canConfigs.active, true)))
      .limit(1);
    if (!entry) throw badRequest({ [`${at}To`]: NO_ACTIVE_PROTOCOL });
    const setting = ROLLOUT_SETTING.qtl;
    return {
      kind: 'qtl',
      setting,
      target: target.To,
      where: sql`d.protocol_code = ${target.From}`,
      // The device's type has an active entry of the new code (QTLibrary entries are per type).
      compatible: sql`exists (select 1 from can_configs c where c.protocol = ${target.To}
        and c.active and c.device_type = d.device_type)`,
      current: CURRENT_COLUMN[setting],
      description: `QTL ${target.From} → ${target.To}`,
      from: target.From,
      customerId: null,
      firmwareId: null,
    };
  }

  const [firmware] = await db.select().from(firmwares).where(eq(firmwares.id, target.FirmwareId));
  if (!firmware) throw badRequest({ [`${at}FirmwareId`]: FIRMWARE_NOT_FOUND });
  const flag = target.Kind === 'firmware' ? FIRMWARE_FLAGS.Application : FIRMWARE_FLAGS.Booter;
  if (firmware.firmwareFlag !== flag)
    throw badRequest({
      [`${at}FirmwareId`]: target.Kind === 'firmware' ? NOT_APPLICATION : NOT_BOOTER,
    });
  if (firmware.fileId === null) throw badRequest({ [`${at}FirmwareId`]: FIRMWARE_WITHOUT_FILE });
  const [customer] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, target.CustomerId));
  if (!customer) throw badRequest({ [`${at}CustomerId`]: CUSTOMER_NOT_FOUND });
  const setting = ROLLOUT_SETTING[target.Kind];
  return {
    kind: target.Kind,
    setting,
    target: firmware.version,
    where: sql`d.customer_id = ${target.CustomerId}`,
    compatible: sql`d.device_type = ${firmware.deviceType}`,
    current: CURRENT_COLUMN[setting],
    description:
      `${target.Kind === 'firmware' ? 'Firmware' : 'Booter'} ${firmware.version} (${deviceTypeName(firmware.deviceType)}) ` +
      `for ${customer.name}`,
    from: null,
    customerId: target.CustomerId,
    firmwareId: firmware.id,
  };
}
