import { eq } from 'drizzle-orm';
import type { DeviceDetail, DeviceState } from '../../../shared/devices';
import type { CustomerScope } from '../../auth/tenancy';
import type { DbOrTx } from '../../db/client';
import { devices } from '../../db/schema';
import { isoOrNull } from './device-dto';
import { loadDeviceDetail, requireDeviceByImei } from './lookup';

/** Reading one device, and the note and name a user keeps on it (lists: list.ts). */
export function createDeviceService(db: DbOrTx) {
  return {
    detail: (scope: CustomerScope, id: number): Promise<DeviceDetail> =>
      loadDeviceDetail(db, scope, id),

    async state(scope: CustomerScope, imei: string): Promise<DeviceState> {
      const device = await requireDeviceByImei(db, scope, imei);
      return { ...device.state, IMEI: device.imei, LastMsg: isoOrNull(device.lastMsg) };
    },

    async setNote(scope: CustomerScope, imei: string, note: string): Promise<DeviceDetail> {
      const device = await requireDeviceByImei(db, scope, imei);
      await db
        .update(devices)
        .set({ note: note || null })
        .where(eq(devices.id, device.id));
      return loadDeviceDetail(db, scope, device.id);
    },

    async setName(scope: CustomerScope, imei: string, name: string): Promise<DeviceDetail> {
      const device = await requireDeviceByImei(db, scope, imei);
      await db
        .update(devices)
        .set({ name: name || null })
        .where(eq(devices.id, device.id));
      return loadDeviceDetail(db, scope, device.id);
    },
  };
}
