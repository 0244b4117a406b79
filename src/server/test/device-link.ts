/** Helpers for the device-link tests: fleet lookups and pending work written straight to the database. */
import { and, asc, eq, isNotNull, isNull, notExists } from 'drizzle-orm';
import { DEVICE_LINK_PATH } from '@shared/devices/device-link';
import type { Db } from '@server/db/client';
import { wantedConfigOfRow } from '@server/db/wanted-config';
import { deviceSettings, devices, modemRequests, rawMessages } from '@server/db/schema';
import { recomputeSync } from '@server/modules/devices/sync';
import type { App } from '@server/http/types';
import type { TestContext } from './harness';
import { newDeviceCredential, signDeviceMessage } from '@server/auth/device-signing';

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

export interface PostOptions {
  headers?: Record<string, string>;
  query?: string;
  url?: string;
  /** Another app serving the link (the device port's); the context's app by default. */
  app?: App;
  /**
   * Signs with this credential; null sends the message unsigned. By default the demo credential
   * of the message's IMEI (body, X-IMEI or ?imei=), or a random one for an IMEI without one.
   */
  credential?: string | null;
  /** X-Device-Timestamp in Unix seconds (default now). */
  timestamp?: number;
}

/** The IMEI the link will read: the body's, else the X-IMEI header, else ?imei=. */
function imeiOf(payload: string, options: PostOptions): string | undefined {
  try {
    const data: unknown = JSON.parse(payload);
    if (typeof data === 'object' && data !== null && Object.hasOwn(data, 'IMEI'))
      return String((data as { IMEI: unknown }).IMEI);
  } catch {
    // not JSON: identified by the fallbacks
  }
  return options.headers?.['x-imei'] ?? new URLSearchParams(options.query).get('imei') ?? undefined;
}

/** Posts a body (an object is sent as JSON text) to the device link, signed as a tracker does. */
export function post(
  ctx: Pick<TestContext, 'app' | 'deviceCredentials'>,
  body: string | Record<string, unknown>,
  options: PostOptions = {},
) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const imei = imeiOf(payload, options);
  const credential =
    options.credential === undefined
      ? ((imei && ctx.deviceCredentials.get(imei)) ?? newDeviceCredential())
      : options.credential;
  const signature =
    credential === null ? {} : signDeviceMessage(credential, payload, options.timestamp);
  return (options.app ?? ctx.app).inject({
    method: 'POST',
    url: `${options.url ?? DEVICE_LINK_PATH}${options.query ? `?${options.query}` : ''}`,
    headers: { 'content-type': 'application/json', ...signature, ...options.headers },
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

/** A devices row, with the configuration the portal wants it to have (`newConfig`). */
export async function deviceRow(db: Db, id: number) {
  const [row] = await db.select().from(devices).where(eq(devices.id, id));
  if (!row) throw new Error(`no device ${id}`);
  return { ...row, newConfig: wantedConfigOfRow(row) };
}

export async function rawOf(db: Db, deviceId: number) {
  return db
    .select()
    .from(rawMessages)
    .where(eq(rawMessages.deviceId, deviceId))
    .orderBy(asc(rawMessages.id));
}
