import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';

/**
 * Re-derives devices' wanted configuration and InSync flag after their pending settings changed
 * (added, edited, removed, acknowledged or failed): the overlay is every unprocessed setting in
 * the order they were made, and every failed one no later setting of its name has applied since
 * (the wanted configuration is the applied one with the overlay laid over it, db/wanted-config.ts).
 * A device is in sync when nothing is laid over. One statement for any number of devices (a rollout withdraws thousands at
 * once). Call it inside the transaction that changed the settings.
 */
export async function recomputeSyncOf(tx: DbOrTx, deviceIds: readonly number[]): Promise<void> {
  if (deviceIds.length === 0) return;
  await tx.execute(sql`
    update devices d
    set config_overlay = coalesce(o.overlay, '{}'::jsonb), in_sync = o.overlay is null
    from unnest(${`{${deviceIds.join(',')}}`}::int[]) as x(id)
    left join lateral (
      -- Keys made by jsonb_object_agg keep the last value: the newest setting of a name wins.
      select jsonb_object_agg(s.setting_name, to_jsonb(s.value) order by s.id) as overlay
      from device_settings s
      where s.device_id = x.id and (not s.processed or (s.failure is not null and not exists (
        select 1 from device_settings l
        where l.device_id = s.device_id and l.setting_name = s.setting_name and l.id > s.id
          and l.processed and l.failure is null)))
    ) o on true
    where d.id = x.id`);
}

/** recomputeSyncOf for one device. */
export const recomputeSync = (tx: DbOrTx, deviceId: number): Promise<void> =>
  recomputeSyncOf(tx, [deviceId]);
