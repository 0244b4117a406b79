import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { libraryFiles } from '@server/db/schema';
import type { UploadedFile } from '@server/http/multipart';

/** Stores an uploaded file; answers its id. */
export async function insertLibraryFile(tx: DbOrTx, file: UploadedFile): Promise<number> {
  const [row] = await tx
    .insert(libraryFiles)
    .values({ size: file.bytes.length, sha256: file.sha256, bytes: file.bytes })
    .returning({ id: libraryFiles.id });
  if (!row) throw new Error('library file not stored');
  return row.id;
}

/** Removes a file no entry names any more (its entry got a new file, or was deleted). */
export async function deleteLibraryFile(tx: DbOrTx, id: number | null): Promise<void> {
  if (id !== null) await tx.delete(libraryFiles).where(eq(libraryFiles.id, id));
}

/** Size and checksum of a file, without its bytes. */
export async function libraryFileFacts(
  tx: DbOrTx,
  id: number,
): Promise<{ size: number; sha256: string } | undefined> {
  const [row] = await tx
    .select({ size: libraryFiles.size, sha256: libraryFiles.sha256 })
    .from(libraryFiles)
    .where(eq(libraryFiles.id, id));
  return row;
}

/** Bytes [start, start + length) of a file (a range request reads only what it asks for). */
export async function readLibraryFileRange(
  tx: DbOrTx,
  id: number,
  start: number,
  length: number,
): Promise<Uint8Array | undefined> {
  const [row] = await tx
    .select({
      bytes: sql<Uint8Array>`substring(${libraryFiles.bytes} from ${start + 1} for ${length})`,
    })
    .from(libraryFiles)
    .where(eq(libraryFiles.id, id));
  return row?.bytes;
}
