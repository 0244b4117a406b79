import type { DeviceDetail } from '@shared/devices/devices';
import type { CustomerScope } from '@server/auth/tenancy';
import type { DbOrTx } from '@server/db/client';
import { notFound } from '@server/errors/http-errors';
import { byId, byImei, findDeviceDetail, findDeviceRecord } from './repository';
import { toDeviceDetail } from './device-dto';
import { deviceTacho } from './tacho';

export const DEVICE_NOT_FOUND = 'Device not found';

/** The device with this IMEI in the caller's scope; another tenant's device is 404 like a missing one. */
export async function requireDeviceByImei(db: DbOrTx, scope: CustomerScope, imei: string) {
  const device = await findDeviceRecord(db, scope, byImei(imei));
  if (!device) throw notFound(DEVICE_NOT_FOUND);
  return device;
}

export async function requireDeviceById(db: DbOrTx, scope: CustomerScope, id: number) {
  const device = await findDeviceRecord(db, scope, byId(id));
  if (!device) throw notFound(DEVICE_NOT_FOUND);
  return device;
}

/** The device as `GET devices/{id}` answers it (after a change, too). */
export async function loadDeviceDetail(
  db: DbOrTx,
  scope: CustomerScope,
  id: number,
): Promise<DeviceDetail> {
  const row = await findDeviceDetail(db, scope, byId(id));
  if (!row) throw notFound(DEVICE_NOT_FOUND);
  return { ...toDeviceDetail(row), Tacho: await deviceTacho(db, row.id) };
}
