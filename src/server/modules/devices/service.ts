import { eq } from 'drizzle-orm';
import type { DeviceDetail, DeviceState } from '@shared/devices/devices';
import type { CustomerScope } from '@server/auth/tenancy';
import type { Caller } from '@server/auth/tokens';
import type { DbOrTx } from '@server/db/client';
import { devices } from '@server/db/schema';
import { byCaller, writeOperatorLog } from '@server/operator-log/write';
import { isoOrNull } from './device-dto';
import { loadDeviceDetail, requireDeviceByImei } from './lookup';

/** Reading one device, and the note and name a user keeps on it (lists: list.ts). */
export function createDeviceService(db: DbOrTx) {
  /** Saves the note or the name; the log says which changed and who, never the text. */
  async function setText(
    caller: Caller,
    scope: CustomerScope,
    imei: string,
    value: { note: string | null } | { name: string | null },
    what: 'note' | 'name',
  ): Promise<DeviceDetail> {
    const device = await requireDeviceByImei(db, scope, imei);
    await db.update(devices).set(value).where(eq(devices.id, device.id));
    await writeOperatorLog(db, {
      level: 'Information',
      message: `Device ${device.imei}: ${what} changed ${byCaller(caller)}`,
      customerId: device.customerId,
    });
    return loadDeviceDetail(db, scope, device.id);
  }

  return {
    detail: (scope: CustomerScope, id: number): Promise<DeviceDetail> =>
      loadDeviceDetail(db, scope, id),

    async state(scope: CustomerScope, imei: string): Promise<DeviceState> {
      const device = await requireDeviceByImei(db, scope, imei);
      return { ...device.state, IMEI: device.imei, LastMsg: isoOrNull(device.lastMsg) };
    },

    setNote: (caller: Caller, scope: CustomerScope, imei: string, note: string) =>
      setText(caller, scope, imei, { note: note || null }, 'note'),

    setName: (caller: Caller, scope: CustomerScope, imei: string, name: string) =>
      setText(caller, scope, imei, { name: name || null }, 'name'),
  };
}
