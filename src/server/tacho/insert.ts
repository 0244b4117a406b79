import { sql } from 'drizzle-orm';
import { TACHO_KINDS } from '@shared/tacho/tacho';
import { selectRows, type DbOrTx } from '@server/db/client';
import { tachoFiles } from '@server/db/schema';
import { storedFileName } from './file-format';
import type { TachoRecord } from './record';

export interface RecordWithBytes extends TachoRecord {
  bytes: Uint8Array;
}

/** Rows per insert statement: bytes travel as parameters, so keep a statement modest. */
const CHUNK = 200;

export interface StoredTachoRecord {
  id: number;
  /** The record's file name with its id (`storedFileName`): unique. */
  fileName: string;
}

/** `count` ids of tacho_files, taken before the insert so each name can carry its own. */
async function takeFileIds(tx: DbOrTx, count: number): Promise<number[]> {
  const rows = await selectRows<{ id: string | number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('tacho_files', 'id')) as id
        from generate_series(1, ${count}::int)`,
  );
  // bigint comes as text from node-postgres.
  return rows.map((r) => Number(r.id));
}

/**
 * Inserts download records with their bytes and keeps `tacho_latest` and the vehicles'
 * `devices.last_download`, for one upload or a whole demo history. Call it inside the caller's
 * transaction. Returns the new files' ids and stored names in input order.
 */
export async function insertTachoRecords(
  tx: DbOrTx,
  records: readonly RecordWithBytes[],
): Promise<StoredTachoRecord[]> {
  const stored: StoredTachoRecord[] = [];
  for (let start = 0; start < records.length; start += CHUNK) {
    const chunk = records.slice(start, start + CHUNK);
    const chunkIds = await takeFileIds(tx, chunk.length);
    const rows = chunk.map((r, i) => {
      const id = chunkIds[i] ?? 0;
      return { ...r.row, id, fileName: storedFileName(r.row.fileName, id) };
    });
    await tx.insert(tachoFiles).values(rows);
    // The bytes as base64 text decoded by the database: a third smaller than bytea's hex form
    // on the wire, and the demo history's ten megabytes insert in half the time.
    const base64 = chunk.map(({ bytes }) =>
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    );
    const idList = `{${chunkIds.join(',')}}`;
    // Quoted, so an empty file is an empty string rather than no element; base64 itself has
    // no quote or backslash to escape.
    const textList = `{${base64.map((b) => `"${b}"`).join(',')}}`;
    await tx.execute(sql`
      insert into tacho_file_contents (file_id, bytes)
      select id, decode(b, 'base64')
      from unnest(${idList}::bigint[], ${textList}::text[]) as v(id, b)`);
    stored.push(...rows.map((r) => ({ id: r.id, fileName: r.fileName })));
  }
  await keepLatest(
    tx,
    records,
    stored.map((r) => r.id),
  );
  await keepLastDownload(tx, records);
  return stored;
}

interface Latest {
  kind: number;
  customer_key: number;
  subject: string;
  file_id: number;
  period_to: string;
}

/**
 * The latest record per subject and customer: a later or equal period replaces the entry, an
 * older one (a late upload of old data) does not. Records without a subject have no entry.
 * Reduced here first, as one statement may not update a row twice.
 */
async function keepLatest(tx: DbOrTx, records: readonly TachoRecord[], ids: readonly number[]) {
  const latest = new Map<string, Latest>();
  records.forEach((r, i) => {
    if (r.subject === null) return;
    const customerKey = r.row.customerId ?? 0;
    const key = `${r.row.kind}\n${customerKey}\n${r.subject}`;
    const entry = {
      kind: r.row.kind,
      customer_key: customerKey,
      subject: r.subject,
      file_id: ids[i] ?? 0,
      period_to: r.row.periodTo.toISOString(),
    };
    const previous = latest.get(key);
    if (!previous || Date.parse(previous.period_to) <= r.row.periodTo.getTime())
      latest.set(key, entry);
  });
  const entries = [...latest.values()];
  for (let start = 0; start < entries.length; start += CHUNK * 5) {
    const json = JSON.stringify(entries.slice(start, start + CHUNK * 5));
    await tx.execute(sql`
      insert into tacho_latest (kind, customer_key, subject, file_id, period_to)
      select kind, customer_key, subject, file_id, period_to
      from json_to_recordset(${json}::json)
        as v(kind smallint, customer_key int, subject text, file_id bigint, period_to timestamptz)
      on conflict (kind, customer_key, subject) do update
        set file_id = excluded.file_id, period_to = excluded.period_to
        where tacho_latest.period_to <= excluded.period_to`);
  }
}

/** A vehicle unit download sets its device's last download to the upload time (never back). */
async function keepLastDownload(tx: DbOrTx, records: readonly TachoRecord[]) {
  const last = new Map<number, number>();
  for (const { row } of records) {
    if (row.kind !== TACHO_KINDS.vehicle || row.deviceId == null || !row.uploadedAt) continue;
    const at = row.uploadedAt.getTime();
    last.set(row.deviceId, Math.max(at, last.get(row.deviceId) ?? at));
  }
  if (last.size === 0) return;
  const json = JSON.stringify(
    [...last].map(([id, at]) => ({ id, at: new Date(at).toISOString() })),
  );
  await tx.execute(sql`
    update devices d set last_download = greatest(d.last_download, v.at)
    from json_to_recordset(${json}::json) as v(id int, at timestamptz)
    where d.id = v.id`);
}
