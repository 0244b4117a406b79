import { asc, eq, type SQL } from 'drizzle-orm';
import type { CustomTestData } from '@shared/libraries/custom-test-data';
import type { DbOrTx } from '@server/db/client';
import { customers, customTestData } from '@server/db/schema';
import type { UploadedFile } from '@server/http/multipart';

/** Files as the list answers them (never their bytes): by customer name, then file name. */
export async function selectCustomTestData(
  db: DbOrTx,
  where: SQL | undefined,
): Promise<CustomTestData[]> {
  const rows = await db
    .select({
      Id: customTestData.id,
      CustomerId: customTestData.customerId,
      Customer: customers.name,
      FileName: customTestData.fileName,
      Size: customTestData.size,
      Sha256: customTestData.sha256,
      Created: customTestData.createdAt,
    })
    .from(customTestData)
    .innerJoin(customers, eq(customers.id, customTestData.customerId))
    .where(where)
    .orderBy(asc(customers.name), asc(customTestData.fileName), asc(customTestData.id));
  return rows.map((row) => ({ ...row, Created: row.Created.toISOString() }));
}

/** One file's owner, name and bytes (the download). */
export async function customTestDataFile(
  db: DbOrTx,
  id: number,
): Promise<{ customerId: number; fileName: string; bytes: Uint8Array } | undefined> {
  const [row] = await db
    .select({
      customerId: customTestData.customerId,
      fileName: customTestData.fileName,
      bytes: customTestData.bytes,
    })
    .from(customTestData)
    .where(eq(customTestData.id, id));
  return row;
}

/** The stored file's owner and name, locked until the transaction ends (removal). */
export async function lockCustomTestData(
  tx: DbOrTx,
  id: number,
): Promise<{ customerId: number; fileName: string } | undefined> {
  const [row] = await tx
    .select({ customerId: customTestData.customerId, fileName: customTestData.fileName })
    .from(customTestData)
    .where(eq(customTestData.id, id))
    .for('update');
  return row;
}

export async function insertCustomTestData(
  tx: DbOrTx,
  customerId: number,
  file: UploadedFile,
): Promise<number> {
  const [row] = await tx
    .insert(customTestData)
    .values({
      customerId,
      fileName: file.name,
      size: file.bytes.length,
      sha256: file.sha256,
      bytes: file.bytes,
    })
    .returning({ id: customTestData.id });
  if (!row) throw new Error('custom test data not stored');
  return row.id;
}

export async function deleteCustomTestData(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(customTestData).where(eq(customTestData.id, id));
}
