import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DEVICE_LIBRARY_PATH,
  isLibrarySetting,
  LIBRARY_SETTINGS,
  type LibraryFileRef,
  type PendingSetting,
} from '@shared/devices/device-link';
import { selectRows, type DbOrTx } from '@server/db/client';
import { deviceSettings } from '@server/db/schema';

interface FileRow {
  /** bigint: text on PostgreSQL. */
  setting_id: number | string;
  file_id: number;
  size: number;
  sha256: string;
}

/** A pending setting that names a library file, as the lookup statement takes it. */
interface NamedSetting {
  setting_id: number;
  device_id: number;
  library: 'can' | 'firmware';
  flag: number | null;
  value: string;
}

/** Where a pending setting's file is looked up (LIBRARY_SETTINGS), or null for other settings. */
function named(deviceId: number, s: Pick<PendingSetting, 'Id' | 'SettingName' | 'Value'>) {
  if (!isLibrarySetting(s.SettingName)) return null;
  const where = LIBRARY_SETTINGS[s.SettingName];
  return {
    setting_id: s.Id,
    device_id: deviceId,
    library: where.library,
    flag: 'flag' in where ? where.flag : null,
    value: s.Value,
  } satisfies NamedSetting;
}

/**
 * The library file of each named setting, for the device it is pending for: the active
 * QTLibrary entry of the protocol code for the device's type, or the device type's firmware of
 * that version and flag. Settings whose file the library lacks get none (the device applies the
 * value as it can, or fails it). One statement.
 */
async function filesOf(
  tx: DbOrTx,
  settings: readonly NamedSetting[],
): Promise<Map<number, LibraryFileRef & { fileId: number }>> {
  const files = new Map<number, LibraryFileRef & { fileId: number }>();
  if (settings.length === 0) return files;
  const rows = await selectRows<FileRow>(
    tx,
    sql`select v.setting_id, f.id as file_id, f.size, f.sha256
      from json_to_recordset(${JSON.stringify(settings)}::json)
        as v(setting_id bigint, device_id int, library text, flag int, value text)
      join devices d on d.id = v.device_id
      join lateral (
        select c.file_id from can_configs c
        where v.library = 'can' and c.protocol = v.value and c.device_type = d.device_type
          and c.active and c.file_id is not null
        union all
        select fw.file_id from firmwares fw
        where v.library = 'firmware' and fw.version = v.value and fw.firmware_flag = v.flag
          and fw.device_type = d.device_type and fw.file_id is not null
        limit 1
      ) lib on true
      join library_files f on f.id = lib.file_id`,
  );
  for (const row of rows)
    files.set(Number(row.setting_id), {
      fileId: row.file_id,
      Url: libraryFileUrl(row.file_id),
      Size: row.size,
      Sha256: row.sha256,
    });
  return files;
}

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
  const settings = [...pending].flatMap(([deviceId, work]) =>
    work.settings.flatMap((s) => named(deviceId, s) ?? []),
  );
  const files = await filesOf(tx, settings);
  for (const work of pending.values())
    for (const s of work.settings) {
      const file = files.get(s.Id);
      if (file) s.File = { Url: file.Url, Size: file.Size, Sha256: file.Sha256 };
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
): Promise<{ size: number; sha256: string; settingIds: number[] } | null> {
  const pending = await db
    .select({
      Id: deviceSettings.id,
      SettingName: deviceSettings.settingName,
      Value: deviceSettings.value,
    })
    .from(deviceSettings)
    .where(
      and(
        eq(deviceSettings.deviceId, deviceId),
        eq(deviceSettings.processed, false),
        inArray(deviceSettings.settingName, Object.keys(LIBRARY_SETTINGS)),
      ),
    );
  const files = await filesOf(
    db,
    pending.flatMap((s) => named(deviceId, s) ?? []),
  );
  const naming = [...files].filter(([, f]) => f.fileId === fileId);
  const match = naming[0]?.[1];
  return match
    ? { size: match.Size, sha256: match.Sha256, settingIds: naming.map(([id]) => id) }
    : null;
}
