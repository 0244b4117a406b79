import { sql, type SQL } from 'drizzle-orm';
import { OLD_CAN_VERSION_BELOW } from '../../../shared/constants';
import { OFFLINE_AFTER_HOURS, type RolloutKind } from '../../../shared/rollouts';

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

/** Device states still on their way through a rollout (the open index's predicate). */
export const OPEN_STATES = sql.raw(`('waiting', 'pending', 'sent', 'downloading')`);

const OFFLINE_INTERVAL = sql.raw(`interval '${String(OFFLINE_AFTER_HOURS)} hours'`);

/** shared isOldCan in SQL: device type 2 and a numeric CAN version below 2207000. */
const belowOldCan = (column: string) =>
  sql.raw(`case when ${column} ~ '^\\s*[0-9]+(\\.[0-9]+)?\\s*$'
    then trim(${column})::numeric < ${String(OLD_CAN_VERSION_BELOW)} else false end`);
export const OLD_CAN = sql`(d.device_type = 2 and (${belowOldCan('d.can1_version')} or ${belowOldCan('d.can2_version')}))`;

/**
 * The group of each device in scope, in order of precedence: its wanted value (applied, or
 * pending) is already the target; its type does not take the target; old CAN; another running
 * or paused rollout still has it on its way for this setting; not heard from in 24 hours;
 * else it changes.
 */
export function groupOf(scope: RolloutScope): SQL {
  return sql`case
    when coalesce(d.new_config ->> ${scope.setting}, ${scope.current}) = ${scope.target}
      then 'onTarget'
    when not (${scope.compatible}) then 'incompatible'
    when ${OLD_CAN} then 'oldCan'
    when exists (
      select 1 from rollout_devices o join rollouts r on r.id = o.rollout_id
      where o.device_id = d.id and o.state in ${OPEN_STATES}
        and r.setting_name = ${scope.setting} and r.state in ('running', 'paused')
    ) then 'busy'
    when d.last_msg is null
      or d.last_msg < now() - ${OFFLINE_INTERVAL} then 'offline'
    else 'change' end`;
}
