import { and, desc, eq, lt } from 'drizzle-orm';
import { RAW_MESSAGE_BATCH } from '@shared/devices/constants';
import type { RawMessage } from '@shared/devices/raw-messages';
import type { CustomerScope } from '@server/auth/tenancy';
import type { Db } from '@server/db/client';
import { rawMessages } from '@server/db/schema';
import { requireDeviceByImei } from './lookup';

const rawMessageColumns = {
  Id: rawMessages.id,
  TimeStampServer: rawMessages.timeStampServer,
  ValidJson: rawMessages.validJson,
  Message: rawMessages.message,
};

const toRawMessage = (row: {
  Id: number;
  TimeStampServer: Date;
  ValidJson: boolean;
  Message: string;
}): RawMessage => ({
  ...row,
  TimeStampServer: row.TimeStampServer.toISOString(),
});

/** A device's raw messages, newest first, in batches read along the (imei, id) index. */
export function createDeviceRawMessageService(db: Db) {
  const batch = async (imei: string, limit: number, beforeId?: number) => {
    const rows = await db
      .select(rawMessageColumns)
      .from(rawMessages)
      .where(
        and(
          eq(rawMessages.imei, imei),
          beforeId === undefined ? undefined : lt(rawMessages.id, beforeId),
        ),
      )
      .orderBy(desc(rawMessages.id))
      .limit(limit);
    return rows.map(toRawMessage);
  };

  return {
    /** The newest 50, or the 50 before `beforeId` (the `lastId` form); fewer means the end. */
    async batch(scope: CustomerScope, imei: string, beforeId?: number): Promise<RawMessage[]> {
      const device = await requireDeviceByImei(db, scope, imei);
      return batch(device.imei, RAW_MESSAGE_BATCH, beforeId);
    },

    /** The newest message of the device, or null when it has sent none. */
    async last(scope: CustomerScope, imei: string): Promise<RawMessage | null> {
      const device = await requireDeviceByImei(db, scope, imei);
      const [message] = await batch(device.imei, 1);
      return message ?? null;
    },
  };
}
