import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { TACHO_KINDS } from '@shared/tacho/tacho';
import { scopeFilter, type CustomerScope } from '@server/auth/tenancy';
import type { DbOrTx } from '@server/db/client';
import { devices, tachoFiles } from '@server/db/schema';

/** The device a download request goes to. */
export interface RequestTarget {
  id: number;
  imei: string;
  customerId: number | null;
}

/**
 * The device that last downloaded the driver card: the device of the card's latest driver card
 * file, when file and device are both in the scope.
 */
export async function findCardReader(
  db: DbOrTx,
  scope: CustomerScope,
  cardNumber: string,
): Promise<RequestTarget | undefined> {
  const [device] = await db
    .select({ id: devices.id, imei: devices.imei, customerId: devices.customerId })
    .from(tachoFiles)
    .innerJoin(devices, eq(devices.id, tachoFiles.deviceId))
    .where(
      and(
        eq(tachoFiles.kind, TACHO_KINDS.driver),
        eq(tachoFiles.cardNumber, cardNumber),
        isNotNull(tachoFiles.deviceId),
        scopeFilter(scope, tachoFiles.customerId),
        scopeFilter(scope, devices.customerId),
      ),
    )
    .orderBy(desc(tachoFiles.id))
    .limit(1);
  return device;
}
