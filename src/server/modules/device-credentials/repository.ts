import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { devices } from '@server/db/schema';
import { byCaller, writeOperatorLog } from '@server/operator-log/write';

/** Replaces a device's sealed credential; false when the device is gone. */
export async function storeSealedCredential(
  db: DbOrTx,
  deviceId: number,
  sealed: string,
): Promise<boolean> {
  const rows = await db
    .update(devices)
    .set({ credential: sealed })
    .where(eq(devices.id, deviceId))
    .returning({ id: devices.id });
  return rows.length > 0;
}

/** An audit row: who gave which device a new credential (never the credential itself). */
export async function logCredentialIssued(
  db: DbOrTx,
  imei: string,
  customerId: number | null,
  userId: number,
): Promise<void> {
  await writeOperatorLog(db, {
    level: 'Information',
    message: `New device credential issued for IMEI ${imei} ${byCaller({ userId })}; the previous one no longer works`,
    customerId,
  });
}
