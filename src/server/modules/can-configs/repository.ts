import { asc, eq, type SQL } from 'drizzle-orm';
import type { CanConfig, CanConfigFields } from '@shared/libraries/can-library';
import type { DbOrTx } from '@server/db/client';
import { canConfigs, libraryFiles } from '@server/db/schema';

const columns = {
  Id: canConfigs.id,
  Protocol: canConfigs.protocol,
  Version: canConfigs.version,
  Brand: canConfigs.brand,
  Name: canConfigs.name,
  Active: canConfigs.active,
  DeviceType: canConfigs.deviceType,
  Filename: canConfigs.filename,
  Size: libraryFiles.size,
  Sha256: libraryFiles.sha256,
};

/** Library entries with their file's size and checksum (never its bytes), by protocol. */
export function listCanConfigs(db: DbOrTx, where?: SQL): Promise<CanConfig[]> {
  return db
    .select(columns)
    .from(canConfigs)
    .leftJoin(libraryFiles, eq(libraryFiles.id, canConfigs.fileId))
    .where(where)
    .orderBy(asc(canConfigs.protocol), asc(canConfigs.deviceType), asc(canConfigs.id));
}

export async function findCanConfig(db: DbOrTx, id: number): Promise<CanConfig | undefined> {
  const [row] = await listCanConfigs(db, eq(canConfigs.id, id));
  return row;
}

/** The stored entry's file, locked for an update. */
export async function lockCanConfig(
  tx: DbOrTx,
  id: number,
): Promise<{ fileId: number | null } | undefined> {
  const [row] = await tx
    .select({ fileId: canConfigs.fileId })
    .from(canConfigs)
    .where(eq(canConfigs.id, id))
    .for('update');
  return row;
}

const values = (fields: CanConfigFields) => ({
  protocol: fields.Protocol,
  version: fields.Version,
  brand: fields.Brand,
  name: fields.Name,
  active: fields.Active,
  deviceType: fields.DeviceType,
});

export async function insertCanConfig(
  tx: DbOrTx,
  fields: CanConfigFields,
  file: { id: number; name: string },
): Promise<number> {
  const [row] = await tx
    .insert(canConfigs)
    .values({ ...values(fields), fileId: file.id, filename: file.name })
    .returning({ id: canConfigs.id });
  if (!row) throw new Error('QTLibrary entry not stored');
  return row.id;
}

/** Updates the fields, and the file when a new one came. */
export async function updateCanConfig(
  tx: DbOrTx,
  id: number,
  fields: CanConfigFields,
  file: { id: number; name: string } | null,
): Promise<void> {
  await tx
    .update(canConfigs)
    .set({ ...values(fields), ...(file ? { fileId: file.id, filename: file.name } : {}) })
    .where(eq(canConfigs.id, id));
}
