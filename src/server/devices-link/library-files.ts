import { sql } from 'drizzle-orm';
import {
  DEVICE_LIBRARY_PATH,
  isLibrarySetting,
  type LibraryFileRef,
  type PendingSetting,
} from '../../shared/device-link';
import { selectRows, type DbOrTx } from '../db/client';

interface FileRow {
  /** bigint: text on PostgreSQL. */
  setting_id: number | string;
  file_id: number;
  size: number;
  sha256: string;
}

/**
 * The library file a pending setting names, for the device it is pending for: ProtocolCode →
 * the active QTLibrary entry of that code for the device's type; Firmware / BooterVersion → the
 * device type's firmware of that version and flag (2 / 1). Settings whose file the library
 * lacks get none (the device applies the value as it can, or fails it).
 */
const FILES_OF_SETTINGS = (pending: string) => sql`
  select v.setting_id, f.id as file_id, f.size, f.sha256
  from json_to_recordset(${pending}::json) as v(setting_id bigint, device_id int, name text, value text)
  join devices d on d.id = v.device_id
  join lateral (
    select c.file_id from can_configs c
    where v.name = 'ProtocolCode' and c.protocol = v.value and c.device_type = d.device_type
      and c.active and c.file_id is not null
    union all
    select fw.file_id from firmwares fw
    where v.name in ('Firmware', 'BooterVersion') and fw.version = v.value
      and fw.device_type = d.device_type and fw.file_id is not null
      and fw.firmware_flag = case v.name when 'Firmware' then 2 else 1 end
    limit 1
  ) lib on true
  join library_files f on f.id = lib.file_id`;

/** The path a device fetches a library file from. */
export const libraryFileUrl = (fileId: number) => `${DEVICE_LIBRARY_PATH}/${String(fileId)}`;

/**
 * Adds `File` to the pending settings that name a library file (docs/device-protocol.md,
 * "Library files"). One statement, and only when a batch's answers hold such a setting: most
 * hold none.
 */
export async function attachLibraryFiles(
  tx: DbOrTx,
  pending: ReadonlyMap<number, { settings: PendingSetting[] }>,
): Promise<void> {
  const named: { setting_id: number; device_id: number; name: string; value: string }[] = [];
  for (const [deviceId, work] of pending)
    for (const s of work.settings)
      if (isLibrarySetting(s.SettingName))
        named.push({ setting_id: s.Id, device_id: deviceId, name: s.SettingName, value: s.Value });
  if (named.length === 0) return;
  const files = new Map<number, LibraryFileRef>();
  for (const row of await selectRows<FileRow>(tx, FILES_OF_SETTINGS(JSON.stringify(named))))
    files.set(Number(row.setting_id), {
      Url: libraryFileUrl(row.file_id),
      Size: row.size,
      Sha256: row.sha256,
    });
  for (const work of pending.values())
    for (const s of work.settings) {
      const file = files.get(s.Id);
      if (file) s.File = file;
    }
}

/**
 * Whether `fileId` is a file one of the device's pending settings names: a device fetches only
 * what it was told to load.
 */
export async function deviceMayFetch(
  db: DbOrTx,
  deviceId: number,
  fileId: number,
): Promise<{ size: number; sha256: string } | null> {
  const rows = await selectRows<{ settings: string }>(
    db,
    sql`select coalesce(json_agg(json_build_object(
        'setting_id', s.id, 'device_id', s.device_id, 'name', s.setting_name, 'value', s.value
      )), '[]')::text as settings
      from device_settings s
      where s.device_id = ${deviceId} and not s.processed
        and s.setting_name in ('ProtocolCode', 'Firmware', 'BooterVersion')`,
  );
  const pending = rows[0]?.settings ?? '[]';
  if (pending === '[]') return null;
  const files = await selectRows<FileRow>(db, FILES_OF_SETTINGS(pending));
  const match = files.find((f) => f.file_id === fileId);
  return match ? { size: match.size, sha256: match.sha256 } : null;
}
