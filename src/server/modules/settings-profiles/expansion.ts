import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { FIRMWARE_FLAGS } from '@shared/devices/constants';
import { OFFLINE_AFTER_HOURS } from '@shared/libraries/rollouts';
import {
  profileDeviceSettings,
  type ProfileMessage,
  type ProfileSettingValues,
} from '@shared/settings-profiles/settings-profile-fields';
import { selectRows, type DbOrTx } from '@server/db/client';
import { firmwares } from '@server/db/schema';
import { wantedProfile } from '@server/db/wanted-config';
import { OLD_CAN } from '@server/modules/rollouts';

/** What a profile makes of a device: the stored fields expansion needs. */
export interface ProfileContent {
  applicationVersion: number;
  booterVersion: number;
  settings: ProfileSettingValues;
  messages: ProfileMessage[];
}

/**
 * Which devices, and against what: one device (its assignment: every profile value against its
 * wanted configuration) or every device whose wanted profile is this one (an update: the values
 * the update changes, `previous` being the stored profile; docs/decisions/045).
 */
export type ProfileTarget = { deviceId: number } | { profileId: string; previous: ProfileContent };

const targetCondition = (target: { deviceId: number } | { profileId: string }): SQL =>
  'deviceId' in target
    ? sql`d.id = ${target.deviceId}`
    : sql`${wantedProfile()} = ${target.profileId.toLowerCase()}`;

/** A firmware the profile syncs: its version and the device types that have it (same flag). */
async function firmwareSync(
  tx: DbOrTx,
  id: number,
  flag: number,
): Promise<{ version: string; types: number[] } | null> {
  if (id === 0) return null;
  const [chosen] = await tx
    .select({ version: firmwares.version })
    .from(firmwares)
    .where(and(eq(firmwares.id, id), eq(firmwares.firmwareFlag, flag)));
  if (!chosen) return null;
  const types = await tx
    .selectDistinct({ type: firmwares.deviceType })
    .from(firmwares)
    .where(and(eq(firmwares.version, chosen.version), inArray(firmwares.firmwareFlag, [flag])));
  return { version: chosen.version, types: types.map((t) => t.type) };
}

/**
 * The per-device part: Firmware / BooterVersion for devices whose type has that version (as
 * the device page's check requires) and that are not old-CAN devices (spec 01 §5).
 */
function firmwarePart(setting: string, sync: { version: string; types: number[] } | null): SQL {
  if (!sync || sync.types.length === 0) return sql`'{}'::jsonb`;
  return sql`case when d.device_type = any(${`{${sync.types.join(',')}}`}::int[]) and not ${OLD_CAN}
    then jsonb_build_object(${setting}::text, ${sync.version}::text) else '{}'::jsonb end`;
}

/** The device settings a profile makes: the same for every device, and the firmware per type. */
async function profileSettings(tx: DbOrTx, profile: ProfileContent) {
  const application = await firmwareSync(
    tx,
    profile.applicationVersion,
    FIRMWARE_FLAGS.Application,
  );
  const booter = await firmwareSync(tx, profile.booterVersion, FIRMWARE_FLAGS.Booter);
  return {
    uniform: profileDeviceSettings(profile.settings, profile.messages),
    firmware: sql`${firmwarePart('Firmware', application)}
      || ${firmwarePart('BooterVersion', booter)}`,
  };
}

/**
 * An update's changes: each value the update changes, for every device of the profile whose
 * overlay does not already want it. The devices' applied configurations are not read (the
 * values the update keeps were laid over them by their assignment or an earlier update), so
 * 20,000 devices take a second, not several.
 */
async function updateChanges(
  tx: DbOrTx,
  profile: ProfileContent,
  target: { profileId: string; previous: ProfileContent },
) {
  const next = await profileSettings(tx, profile);
  const before = profileDeviceSettings(target.previous.settings, target.previous.messages);
  const delta = Object.fromEntries(
    Object.entries(next.uniform).filter(([key, value]) => before[key] !== value),
  );
  const firmwareChanged =
    profile.applicationVersion !== target.previous.applicationVersion ||
    profile.booterVersion !== target.previous.booterVersion;
  return sql`select d.id as device_id, p.key, p.value, d.last_msg
    from devices d
    cross join lateral jsonb_each_text(${JSON.stringify(delta)}::jsonb
      || ${firmwareChanged ? next.firmware : sql`'{}'::jsonb`}) as p(key, value)
    where ${targetCondition(target)} and (d.config_overlay ->> p.key) is distinct from p.value`;
}

/**
 * The changes a profile makes: one row (device_id, key, value) per device of the target and
 * device setting whose wanted value differs from the profile's (an update: updateChanges).
 * Written once for the preview, the assignment of one device and the re-target of thousands
 * (docs/decisions/042).
 */
async function changesQuery(tx: DbOrTx, profile: ProfileContent, target: ProfileTarget) {
  if ('profileId' in target) return updateChanges(tx, profile, target);
  const { uniform, firmware } = await profileSettings(tx, profile);
  // The wanted value is the overlay's, else the applied one. The wide applied configuration is
  // read (de-TOASTed) once per device by one jsonb_each_text, not once per profile setting by
  // ->>, and never merged with the overlay into a new jsonb.
  return sql`select d.id as device_id, w.key, w.value, d.last_msg
    from devices d
    cross join lateral (
      select p.key, p.value
      from jsonb_each_text(${JSON.stringify(uniform)}::jsonb || ${firmware}) as p(key, value)
      left join jsonb_each_text(d.current_config) as c(key, value) on c.key = p.key
      left join jsonb_each_text(d.config_overlay) as o(key, value) on o.key = p.key
      where coalesce(o.value, c.value) is distinct from p.value
    ) w
    where ${targetCondition(target)}`;
}

/**
 * Lays the profile over the target's devices: a pending setting per changed value (newest, so
 * laying it over the overlay equals recomputeSync), InSync false where anything changed. One
 * statement; answers how many devices and settings changed.
 */
export async function layProfileOver(
  tx: DbOrTx,
  profile: ProfileContent,
  target: ProfileTarget,
): Promise<{ devices: number; settings: number }> {
  const [row] = await selectRows<{ devices: number | string; settings: number | string }>(
    tx,
    sql`with changed as (${await changesQuery(tx, profile, target)}),
      inserted as (
        insert into device_settings (device_id, setting_name, value)
        select device_id, key, value from changed order by device_id, key collate "C"
        returning device_id, setting_name, value
      ), wanted as (
        update devices d
        set config_overlay = d.config_overlay || o.overlay, in_sync = false
        from (select device_id, jsonb_object_agg(setting_name, to_jsonb(value)) as overlay
          from inserted group by device_id) o
        where d.id = o.device_id
        returning d.id
      )
      select (select count(*) from wanted) as devices, (select count(*) from inserted) as settings`,
  );
  return { devices: Number(row?.devices ?? 0), settings: Number(row?.settings ?? 0) };
}

/** What `layProfileOver` would do to the profile's devices, without doing it. */
export async function previewProfileChanges(
  tx: DbOrTx,
  profile: ProfileContent,
  target: { profileId: string; previous: ProfileContent },
): Promise<{ using: number; devices: number; offline: number; settings: string[] }> {
  const offlineSince = sql.raw(`now() - interval '${String(OFFLINE_AFTER_HOURS)} hours'`);
  const [row] = await selectRows<{
    using: number | string;
    devices: number | string;
    offline: number | string;
    settings: string[] | null;
  }>(
    tx,
    sql`with changed as (${await changesQuery(tx, profile, target)})
      select
        (select count(*) from devices d where ${targetCondition(target)}) as using,
        (select count(distinct device_id) from changed) as devices,
        (select count(distinct device_id) from changed
          where last_msg is null or last_msg < ${offlineSince}) as offline,
        (select array_agg(distinct key order by key) from changed) as settings`,
  );
  return {
    using: Number(row?.using ?? 0),
    devices: Number(row?.devices ?? 0),
    offline: Number(row?.offline ?? 0),
    settings: row?.settings ?? [],
  };
}

/**
 * A removed profile's devices keep their settings and get no profile: a pending
 * settingsProfileID '' each (spec 01 §5's empty value), laid over the overlay. One statement.
 */
export async function detachProfile(tx: DbOrTx, profileId: string): Promise<number> {
  const [row] = await selectRows<{ n: number | string }>(
    tx,
    sql`with inserted as (
        insert into device_settings (device_id, setting_name, value)
        select d.id, 'settingsProfileID', '' from devices d
        where ${targetCondition({ profileId })} order by d.id
        returning device_id
      ), wanted as (
        update devices d
        set config_overlay = d.config_overlay || '{"settingsProfileID": ""}'::jsonb,
          in_sync = false
        from inserted i where d.id = i.device_id
      )
      select count(*) as n from inserted`,
  );
  return Number(row?.n ?? 0);
}

/** How many devices in `scope` (a condition on d.customer_id) name each profile. */
export async function profileDeviceCounts(
  db: DbOrTx,
  scope: SQL,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await selectRows<{ id: string; n: number | string }>(
    db,
    sql`select ${wantedProfile()} as id, count(*) as n from devices d
      where ${wantedProfile()} = any(${`{${ids.join(',')}}`}::text[]) and ${scope}
      group by 1`,
  );
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}
