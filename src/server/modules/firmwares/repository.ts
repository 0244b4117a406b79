import { desc, eq, type SQL } from 'drizzle-orm';
import type { Firmware, FirmwareFields } from '@shared/libraries/firmware-library';
import type { DbOrTx } from '@server/db/client';
import { firmwares, libraryFiles } from '@server/db/schema';

/** Firmware with its image's size and checksum (never its bytes), newest first. */
export async function listFirmwares(db: DbOrTx, where?: SQL): Promise<Firmware[]> {
  const rows = await db
    .select({
      Id: firmwares.id,
      Version: firmwares.version,
      Filename: firmwares.filename,
      Release: firmwares.release,
      FirmwareFlag: firmwares.firmwareFlag,
      DeviceType: firmwares.deviceType,
      Active: firmwares.active,
      Created: firmwares.created,
      Size: libraryFiles.size,
      Sha256: libraryFiles.sha256,
    })
    .from(firmwares)
    .leftJoin(libraryFiles, eq(libraryFiles.id, firmwares.fileId))
    .where(where)
    .orderBy(desc(firmwares.created), desc(firmwares.id));
  return rows.map((row) => ({ ...row, Created: row.Created.toISOString() }));
}

export async function findFirmware(db: DbOrTx, id: number): Promise<Firmware | undefined> {
  const [row] = await listFirmwares(db, eq(firmwares.id, id));
  return row;
}

/** The stored firmware's file and state, locked for a change. */
export async function lockFirmware(
  tx: DbOrTx,
  id: number,
): Promise<{ fileId: number | null; active: boolean; version: string } | undefined> {
  const [row] = await tx
    .select({ fileId: firmwares.fileId, active: firmwares.active, version: firmwares.version })
    .from(firmwares)
    .where(eq(firmwares.id, id))
    .for('update');
  return row;
}

const values = (fields: FirmwareFields) => ({
  version: fields.Version,
  release: fields.Release,
  deviceType: fields.DeviceType,
  firmwareFlag: fields.FirmwareFlag,
  active: fields.Active,
});

export async function insertFirmware(
  tx: DbOrTx,
  fields: FirmwareFields,
  file: { id: number; name: string },
): Promise<number> {
  const [row] = await tx
    .insert(firmwares)
    .values({ ...values(fields), fileId: file.id, filename: file.name })
    .returning({ id: firmwares.id });
  if (!row) throw new Error('firmware not stored');
  return row.id;
}

/** Updates the fields, and the image when a new one came. */
export async function updateFirmware(
  tx: DbOrTx,
  id: number,
  fields: FirmwareFields,
  file: { id: number; name: string } | null,
): Promise<void> {
  await tx
    .update(firmwares)
    .set({ ...values(fields), ...(file ? { fileId: file.id, filename: file.name } : {}) })
    .where(eq(firmwares.id, id));
}

export async function deleteFirmware(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(firmwares).where(eq(firmwares.id, id));
}
