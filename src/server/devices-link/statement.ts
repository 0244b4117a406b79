import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db, type DbOrTx } from '@server/db/client';
import { assertLiteralQuoting, sqlLiteral } from '@server/db/prepared';

/**
 * The statement that does most of a batch: updates the devices, stores the raw messages in
 * arrival order, and reads the devices' pending settings and requests, oldest first. $1: the raw
 * messages, $2: one state patch per device with the device id and the sealed credential its
 * messages were verified with, both JSON arrays, so the whole batch is two parameters whatever
 * its size. A device whose credential is no longer that one (rotated meanwhile) or that is gone
 * matches no row: nothing of its messages is stored.
 *
 * It answers one row of JSON texts: one string for JSON.parse is much cheaper than a row per
 * device and message converted field by field by the driver.
 */
const BATCH_SQL = `
  with u as (
    select * from json_to_recordset($2::json)
      as u(id int, sealed text, patch jsonb, at timestamptz)
  ), v as (
    select * from json_to_recordset($1::json)
      as v(seq int, imei text, at timestamptz, valid_json boolean, message_type smallint, message text)
  ), d as (
    update devices d set state = d.state || k.patch, last_msg = greatest(d.last_msg, k.at)
    from (select u.patch, u.at, u.sealed, x.id from u cross join lateral (
      -- LIMIT 1 keeps the lookup on the primary key even before the table is analysed.
      select id from devices where id = u.id limit 1
    ) x) k
    -- In the update's own condition, so a concurrent rotation is seen (re-checked on PostgreSQL).
    where d.id = k.id and d.credential = k.sealed
    returning d.id, d.imei, d.customer_id
  ), r as (
    insert into raw_messages (device_id, imei, time_stamp_server, valid_json, message_type, message)
    select d.id, v.imei, v.at, v.valid_json, v.message_type, v.message from v join d on d.imei = v.imei
    order by v.seq
    returning id
  )
  select
    (select coalesce(json_agg(json_build_array(d.id, d.imei, d.customer_id)), '[]') from d)::text
      as devices,
    (select coalesce(json_agg(r.id), '[]') from r)::text as raw,
    (select coalesce(json_agg(json_build_array(s.device_id, s.id, s.setting_name, s.value)
                              order by s.id), '[]')
     from device_settings s
     where s.device_id in (select id from d) and not s.processed)::text as settings,
    (select coalesce(json_agg(json_build_array(m.device_id, m.id, m.command, m.command_type)
                              order by m.id), '[]')
     from modem_requests m
     where m.device_id in (select id from d) and m.executed is null)::text as requests`;

const PREPARED_NAME = 'device_link_batch';

export interface BatchRow {
  /** [[id, imei, customer_id], …] of the known devices. */
  devices: string;
  /** Ids of the stored raw messages. */
  raw: string;
  /** [[device_id, id, setting_name, value], …], oldest first. */
  settings: string;
  /** [[device_id, id, command, command_type], …], oldest first. */
  requests: string;
}

/** BATCH_SQL with its two placeholders bound as ordinary parameters. */
function bound(rawJson: string, updatesJson: string): SQL {
  const [head = '', middle = '', tail = ''] = BATCH_SQL.split(/\$[12]::json/);
  // $2 (updates) comes first in the text, $1 (raw) second.
  return sql`${sql.raw(head)}${updatesJson}::json${sql.raw(middle)}${rawJson}::json${sql.raw(tail)}`;
}

/**
 * Prepares BATCH_SQL once per session where that pays: PGlite plans in WebAssembly on the
 * ingest thread, and planning this statement costs more than running it for a small batch.
 * PostgreSQL plans natively and quickly, and a pool has no single session to prepare in.
 */
export async function prepareBatchStatement(db: Db): Promise<void> {
  await assertLiteralQuoting(db);
  const existing = await selectRows(
    db,
    sql`select 1 from pg_prepared_statements where name = ${PREPARED_NAME}`,
  );
  if (existing.length) return;
  await db.execute(sql.raw(`prepare ${PREPARED_NAME}(json, json) as ${BATCH_SQL}`));
}

export async function runBatchStatement(
  tx: DbOrTx,
  prepared: boolean,
  raw: unknown[],
  updates: unknown[],
): Promise<BatchRow> {
  const rawJson = JSON.stringify(raw);
  const updatesJson = JSON.stringify(updates);
  const [row] = await selectRows<BatchRow>(
    tx,
    prepared
      ? // EXECUTE takes no bind parameters, so its arguments are literals (see sqlLiteral()).
        sql.raw(`execute ${PREPARED_NAME}(${sqlLiteral(rawJson)}, ${sqlLiteral(updatesJson)})`)
      : bound(rawJson, updatesJson),
  );
  if (!row) throw new Error('the batch statement answered no row');
  return row;
}
