/**
 * The tacho benchmark's data, set-based: every device with a customer downloads its vehicle
 * unit weekly for a year (52 records, no bytes), one tacho_latest row per vehicle, one remote
 * download request per vehicle. One in ten vehicles stopped downloading 60–119 days ago, so the
 * overviews have overdue, due-soon and fine rows; plates are 'BP-{device id}'.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';

export const WEEKS = 52;
/** The days between a device's latest data end and now. */
const LAG_DAYS = sql.raw(`(case when d.id % 10 = 0 then 60 + d.id % 60 else d.id % 7 end)`);

export async function addTachoHistory(db: Db): Promise<void> {
  // Oldest week first, so ids grow with upload time as they do in production.
  for (let week = WEEKS - 1; week >= 0; week--) {
    await db.execute(sql`
      insert into tacho_files (customer_id, device_id, imei, kind, license_plate, nation, vin,
        file_name, uploaded_at, period_from, period_to, valid_state, size)
      select d.customer_id, d.id, d.imei, 1, 'BP-' || d.id, 'NL',
        'VINBP' || lpad(d.id::text, 12, '0'),
        'M_' || to_char(p.period_to, 'YYYYMMDD') || '_BP-' || d.id || '.DDD',
        p.period_to + interval '2 hours', p.period_to - interval '7 days', p.period_to,
        case when (d.id + ${sql.raw(String(week))}) % 97 = 0 then 2 else 1 end, 180000
      from devices d
      cross join lateral (
        select date_trunc('minute', now()) - make_interval(days => ${LAG_DAYS} + ${sql.raw(String(week))} * 7)
          - make_interval(mins => d.id % 600) as period_to
      ) p
      where d.customer_id is not null
      order by d.id`);
  }
  await db.execute(sql`
    insert into tacho_latest (kind, customer_key, subject, file_id, period_to)
    select distinct on (f.customer_id, f.license_plate) 1, f.customer_id, f.license_plate, f.id,
      f.period_to
    from tacho_files f where f.kind = 1 and f.license_plate like 'BP-%'
    order by f.customer_id, f.license_plate, f.period_to desc
    -- The demo's own history already has its plates' rows.
    on conflict (kind, customer_key, subject) do nothing`);
  await db.execute(sql`
    insert into tacho_requests (device_id, kind, requested_by, created, file_id, received)
    select l_f.device_id, 1, case when l_f.device_id % 3 = 0 then 'scheduler' else 'user:1' end,
      l_f.period_to, l_f.id, l_f.period_to + interval '2 hours'
    from tacho_latest l join tacho_files l_f on l_f.id = l.file_id`);
  // As the upload records it: each file names the request it answered.
  await db.execute(sql`
    update tacho_files f set request_id = r.id from tacho_requests r where r.file_id = f.id`);
}
