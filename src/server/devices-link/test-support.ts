/** Helpers for the device-link tests: fleet lookups and pending work written straight to the database. */
import { and, asc, eq, isNotNull, isNull, notExists } from 'drizzle-orm';
import { DEVICE_LINK_PATH } from '../../shared/device-link';
import type { Db } from '../db/client';
import { deviceSettings, devices, modemRequests, rawMessages } from '../db/schema';
import { recomputeSync } from '../modules/devices/sync';
import type { App } from '../http/types';

export interface FleetDevice {
  id: number;
  imei: string;
  customerId: number | null;
}

/** `n` devices that belong to a customer and have no pending settings or requests. */
export async function someDevices(db: Db, n: number, offset = 0): Promise<FleetDevice[]> {
  return db
    .select({ id: devices.id, imei: devices.imei, customerId: devices.customerId })
    .from(devices)
    .where(
      and(
        isNotNull(devices.customerId),
        notExists(
          db
            .select({ id: deviceSettings.id })
            .from(deviceSettings)
            .where(
              and(eq(deviceSettings.deviceId, devices.id), eq(deviceSettings.processed, false)),
            ),
        ),
        notExists(
          db
            .select({ id: modemRequests.id })
            .from(modemRequests)
            .where(and(eq(modemRequests.deviceId, devices.id), isNull(modemRequests.executed))),
        ),
      ),
    )
    .orderBy(asc(devices.id))
    .limit(n)
    .offset(offset);
}

/** Posts a body (an object is sent as JSON text) to the device link. */
export function post(
  app: App,
  body: string | Record<string, unknown>,
  options: { headers?: Record<string, string>; query?: string; url?: string } = {},
) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: `${options.url ?? DEVICE_LINK_PATH}${options.query ? `?${options.query}` : ''}`,
    headers: { 'content-type': 'application/json', ...options.headers },
    payload,
  });
}

/** A pending setting, as the portal stores one (InSync recomputed). */
export async function addSetting(
  db: Db,
  deviceId: number,
  settingName: string,
  value: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(deviceSettings)
      .values({ deviceId, settingName, value })
      .returning({ id: deviceSettings.id });
    await recomputeSync(tx, deviceId);
    if (!row) throw new Error('setting not inserted');
    return row.id;
  });
}

export async function addRequest(db: Db, deviceId: number, command: string): Promise<number> {
  const [row] = await db
    .insert(modemRequests)
    .values({ deviceId, command, commandType: 20 })
    .returning({ id: modemRequests.id });
  if (!row) throw new Error('request not inserted');
  return row.id;
}

export async function deviceRow(db: Db, id: number) {
  const [row] = await db.select().from(devices).where(eq(devices.id, id));
  if (!row) throw new Error(`no device ${id}`);
  return row;
}

export async function rawOf(db: Db, deviceId: number) {
  return db
    .select()
    .from(rawMessages)
    .where(eq(rawMessages.deviceId, deviceId))
    .orderBy(asc(rawMessages.id));
}
