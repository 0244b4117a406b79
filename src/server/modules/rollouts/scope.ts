import { sql, type SQL } from 'drizzle-orm';
import { OLD_CAN_VERSION_BELOW } from '@shared/devices/constants';
import { OFFLINE_AFTER_HOURS, type RolloutKind } from '@shared/libraries/rollouts';
import { wantedSetting } from '@server/db/wanted-config';

/**
 * The devices a mass update looks at and how each one is sorted (shared/rollouts.ts
 * PREVIEW_GROUPS), as SQL over `devices d`: written once for the preview and the start, so the
 * rollout updates exactly the devices its preview said it would.
 */
export interface RolloutScope {
  kind: RolloutKind;
  setting: 'ProtocolCode' | 'Firmware' | 'BooterVersion';
  /** The value devices move to. */
  target: string;
  /** Which devices are in scope. */
  where: SQL;
  /** Whether the target suits the device (its type). */
  compatible: SQL;
  /** The device's applied value. */
  current: SQL;
  description: string;
  from: string | null;
  customerId: number | null;
  firmwareId: number | null;
}

/** The applied value's copy column per setting (config-copies.ts keeps them). */
export const CURRENT_COLUMN = {
  ProtocolCode: sql.raw('d.protocol_code'),
  Firmware: sql.raw('d.firmware'),
  BooterVersion: sql.raw('d.booter_version'),
} as const;

/** Device states still on their way through a rollout. */
export const OPEN_STATES = sql.raw(`('waiting', 'pending', 'sent', 'downloading')`);

const OFFLINE_INTERVAL = sql.raw(`interval '${String(OFFLINE_AFTER_HOURS)} hours'`);

/** shared isOldCan in SQL: device type 2 and a numeric CAN version below 2207000. */
const belowOldCan = (column: string) =>
  sql.raw(`case when ${column} ~ '^\\s*[0-9]+(\\.[0-9]+)?\\s*$'
    then trim(${column})::numeric < ${String(OLD_CAN_VERSION_BELOW)} else false end`);
export const OLD_CAN = sql`(d.device_type = 2 and (${belowOldCan('d.can1_version')} or ${belowOldCan('d.can2_version')}))`;

/** The value a device wants: the overlay's, else the applied copy column (never the wide config). */
const wantedValue = (scope: RolloutScope): SQL => wantedSetting('d', scope.setting, scope.current);

/**
 * The devices in scope, each with its group (`id`, `grp`, and the columns asked for), in order
 * of precedence: its wanted value (applied, or pending) is already the target; its type does not
 * take the target; old CAN; another running or paused rollout still has it on its way for this
 * setting; not heard from in 24 hours; else it changes. The other rollouts' devices are read once
 * by their rollout (a hash join), not looked up per device.
 */
export function scopeRows(scope: RolloutScope, columns: SQL = sql``): SQL {
  return sql`select d.id, ${columns} case
      when ${wantedValue(scope)} = ${scope.target} then 'onTarget'
      when not (${scope.compatible}) then 'incompatible'
      when ${OLD_CAN} then 'oldCan'
      when busy.device_id is not null then 'busy'
      when d.last_msg is null
        or d.last_msg < now() - ${OFFLINE_INTERVAL} then 'offline'
      else 'change' end as grp
    from devices d
    left join (
      select distinct o.device_id from rollouts r join rollout_devices o on o.rollout_id = r.id
      where r.state in ('running', 'paused') and r.setting_name = ${scope.setting}
        and o.state in ${OPEN_STATES}
    ) busy on busy.device_id = d.id
    where ${scope.where}`;
}
