import { and, eq, type SQL } from 'drizzle-orm';
import type {
  Device,
  DeviceDetail,
  DeviceSearchFilter,
  DeviceState,
} from '../../../shared/devices';
import { assertVisible, type CustomerScope } from '../../auth/tenancy';
import type { DbOrTx } from '../../db/client';
import { customers, devices } from '../../db/schema';
import { isoOrNull, toDevice } from './device-dto';
import { loadDeviceDetail, requireDeviceByImei } from './lookup';
import { countDevices, listDevices, searchCondition } from './repository';

/** Reading devices, and the note and name a user keeps on one. */
export function createDeviceService(db: DbOrTx) {
  const page = async (scope: CustomerScope, where?: SQL, after?: number) =>
    (await listDevices(db, scope, where, after)).map(toDevice);

  return {
    /** A page of devices ordered by id; `afterId` continues after the last one seen. */
    list: (scope: CustomerScope, afterId?: number): Promise<Device[]> =>
      page(scope, undefined, afterId),

    count: (scope: CustomerScope): Promise<number> => countDevices(db, scope),

    async search(
      scope: CustomerScope,
      filter: DeviceSearchFilter,
      text: string,
      customerId: number | undefined,
      afterId?: number,
    ): Promise<Device[]> {
      if (customerId !== undefined) assertVisible(scope, customerId, 'Customer not found');
      const where = await searchCondition(db, filter, text);
      if (!where) return [];
      const ofCustomer = customerId === undefined ? undefined : eq(devices.customerId, customerId);
      return page(scope, and(where, ofCustomer), afterId);
    },

    async ofCustomer(
      scope: CustomerScope,
      customerId: number,
      afterId?: number,
    ): Promise<Device[]> {
      const [customer] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.id, customerId));
      assertVisible(scope, customer?.id, 'Customer not found');
      return page(scope, eq(devices.customerId, customerId), afterId);
    },

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
