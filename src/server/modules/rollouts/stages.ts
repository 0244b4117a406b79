import { sql } from 'drizzle-orm';
import { selectRows, type DbOrTx } from '@server/db/client';
import { recomputeSyncOf } from '@server/modules/devices';

/** The rollout fields a stage change needs. */
export interface StageTarget {
  id: number;
  settingName: string;
  target: string;
}

/**
 * Releases a stage: every waiting device of it gets the pending setting (the device link hands
 * it out with its file), and its wanted configuration and InSync follow. The new setting is each
 * device's newest, so laying it over the overlay is what recomputeSync would do.
 * One statement; answers how many devices were released.
 */
export async function releaseStage(tx: DbOrTx, rollout: StageTarget, stage: number) {
  const [row] = await selectRows<{ n: number | string }>(
    tx,
    sql`with released as (
        insert into device_settings (device_id, setting_name, value)
        select rd.device_id, ${rollout.settingName}, ${rollout.target}
        from rollout_devices rd
        where rd.rollout_id = ${rollout.id} and rd.stage = ${stage} and rd.state = 'waiting'
        order by rd.device_id
        returning id, device_id
      ), marked as (
        update rollout_devices rd set state = 'pending', setting_id = r.id, reason = null,
          updated_at = now()
        from released r where rd.rollout_id = ${rollout.id} and rd.device_id = r.device_id
      ), wanted as (
        update devices d
        set config_overlay = d.config_overlay || jsonb_build_object(${rollout.settingName}::text,
            ${rollout.target}::text),
          in_sync = false
        from released r where d.id = r.device_id
      )
      select count(*) as n from released`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Takes back the stage's settings no device has been handed yet (pending): their devices go
 * back to `to` — waiting (pause) or cancelled (cancel) — and their wanted configuration is
 * recomputed. Settings already sent stay: the device has them. Cancelling also cancels the
 * devices still waiting. Answers how many settings were taken back.
 */
export async function withdraw(
  tx: DbOrTx,
  rolloutId: number,
  to: 'waiting' | 'cancelled',
  reason: string | null,
): Promise<number> {
  const rows = await selectRows<{ device_id: number }>(
    tx,
    sql`with open as (
        select rd.device_id, rd.setting_id from rollout_devices rd
        where rd.rollout_id = ${rolloutId} and rd.state = 'pending'
        for update
      ), removed as (
        delete from device_settings s using open o
        where s.id = o.setting_id and not s.processed
        returning s.device_id
      ), marked as (
        update rollout_devices rd set state = ${to}, setting_id = null, reason = ${reason},
          updated_at = now()
        from removed r where rd.rollout_id = ${rolloutId} and rd.device_id = r.device_id
      )
      select device_id from removed`,
  );
  if (to === 'cancelled')
    await tx.execute(sql`update rollout_devices set state = 'cancelled', reason = ${reason},
      updated_at = now() where rollout_id = ${rolloutId} and state = 'waiting'`);
  await recomputeSyncOf(
    tx,
    rows.map((r) => r.device_id),
  );
  return rows.length;
}

/** Device states in the order a device moves through them (final ones last). */
const STATE_ORDER = sql.raw(
  `array['pending', 'sent', 'downloading', 'applied', 'failed', 'cancelled']`,
);

/** What the device link saw happen to a setting: 0 acknowledged, 1 sent, 2 fetching its file. */
export interface SettingHint {
  setting_id: number;
  hint: 0 | 1 | 2;
}

/**
 * Brings devices' states up to date with their settings: applied or failed (with the device's
 * reason) once acknowledged, cancelled when the setting was removed or changed on the device
 * page; `hints` move devices forward to sent or downloading. Looks at the given settings, or at
 * every device of one rollout still on its way. Answers the rollouts whose devices moved.
 */
export async function reconcileDevices(
  tx: DbOrTx,
  source: { hints: readonly SettingHint[] } | { rolloutId: number },
): Promise<number[]> {
  const candidates =
    'hints' in source
      ? sql`select rd.rollout_id, rd.device_id, rd.setting_id, max(h.hint) as hint
          from json_to_recordset(${JSON.stringify(source.hints)}::json)
            as h(setting_id bigint, hint int)
          join rollout_devices rd on rd.setting_id = h.setting_id
          where rd.state in ('pending', 'sent', 'downloading')
          group by rd.rollout_id, rd.device_id, rd.setting_id`
      : sql`select rd.rollout_id, rd.device_id, rd.setting_id, null::int as hint
          from rollout_devices rd
          where rd.rollout_id = ${source.rolloutId} and rd.state in ('pending', 'sent', 'downloading')`;
  const rows = await selectRows<{ rollout_id: number }>(
    tx,
    sql`with candidates as (${candidates}),
      next as (
        select c.rollout_id, c.device_id,
          case
            when s.id is null or s.value <> r.target then 'cancelled'
            when s.processed and s.failure is null then 'applied'
            when s.processed then 'failed'
            when c.hint = 2 then 'downloading'
            when c.hint = 1 then 'sent'
          end as state,
          case
            when s.id is null then 'Its setting was removed on the device page'
            when s.value <> r.target then 'Its setting was changed on the device page'
            else s.failure
          end as reason
        from candidates c
        join rollouts r on r.id = c.rollout_id
        left join device_settings s on s.id = c.setting_id
      )
      update rollout_devices rd set state = n.state, reason = n.reason, updated_at = now()
      from next n
      where rd.rollout_id = n.rollout_id and rd.device_id = n.device_id and n.state is not null
        -- Forward only: a late "sent" never undoes "downloading".
        and array_position(${STATE_ORDER}, n.state) > array_position(${STATE_ORDER}, rd.state)
      returning rd.rollout_id`,
  );
  return [...new Set(rows.map((r) => r.rollout_id))];
}
