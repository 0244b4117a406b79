/** Helpers for the tachograph upload tests: signed uploads, request rows, the stored record. */
import { desc, eq } from 'drizzle-orm';
import { DEVICE_FILES_PATH } from '@shared/devices/device-link';
import { TACHO_KINDS, TACHO_COMMANDS, type TachoKind } from '@shared/tacho/tacho';
import type { Db } from '@server/db/client';
import { tachoFileContents, tachoFiles, tachoLatest, tachoRequests } from '@server/db/schema';
import { newDeviceCredential, signDeviceMessage } from '@server/auth/device-signing';
import type { App } from '@server/http/types';
import { buildDriverCardFile, buildVehicleUnitFile } from '@server/tacho/file-format';
import { addRequest } from './device-link';
import type { TestContext } from './harness';

export interface UploadOptions {
  /** Query string without `?`, e.g. `request=12&kind=2` (the IMEI goes in X-IMEI). */
  query?: string;
  /** Signs with this credential (default the demo one; null: unsigned). */
  credential?: string | null;
  timestamp?: number;
  app?: App;
}

/** Uploads a file as a device does: raw bytes, X-IMEI, signed over the bytes. */
export function upload(
  ctx: Pick<TestContext, 'app' | 'deviceCredentials'>,
  imei: string,
  bytes: Uint8Array,
  options: UploadOptions = {},
) {
  const body = Buffer.from(bytes);
  const credential =
    options.credential === undefined
      ? (ctx.deviceCredentials.get(imei) ?? newDeviceCredential())
      : options.credential;
  const signature =
    credential === null ? {} : signDeviceMessage(credential, body, options.timestamp);
  return (options.app ?? ctx.app).inject({
    method: 'POST',
    url: `${DEVICE_FILES_PATH}${options.query ? `?${options.query}` : ''}`,
    headers: { 'content-type': 'application/octet-stream', 'x-imei': imei, ...signature },
    payload: body,
  });
}

/** A remote download request as the portal makes one: its modem request and request row. */
export async function addTachoRequest(
  db: Db,
  deviceId: number,
  kind: TachoKind,
  cardNumber?: string,
): Promise<{ id: number; modemRequestId: number }> {
  const command =
    kind === TACHO_KINDS.vehicle
      ? TACHO_COMMANDS.massMemory
      : TACHO_COMMANDS.driverCard(cardNumber ?? '');
  const modemRequestId = await addRequest(db, deviceId, command);
  const [row] = await db
    .insert(tachoRequests)
    .values({ deviceId, kind, cardNumber, modemRequestId, requestedBy: 'scheduler' })
    .returning({ id: tachoRequests.id });
  if (!row) throw new Error('request not inserted');
  return { id: row.id, modemRequestId };
}

export async function fileRecord(db: Db, id: number) {
  const [row] = await db.select().from(tachoFiles).where(eq(tachoFiles.id, id));
  if (!row) throw new Error(`no tacho file ${id}`);
  const [content] = await db
    .select()
    .from(tachoFileContents)
    .where(eq(tachoFileContents.fileId, id));
  return { ...row, bytes: content ? Buffer.from(content.bytes) : null };
}

export async function requestRow(db: Db, id: number) {
  const [row] = await db.select().from(tachoRequests).where(eq(tachoRequests.id, id));
  if (!row) throw new Error(`no tacho request ${id}`);
  return row;
}

/** The latest entries of a subject (any customer), newest period first. */
export async function latestOf(db: Db, subject: string) {
  return db
    .select()
    .from(tachoLatest)
    .where(eq(tachoLatest.subject, subject))
    .orderBy(desc(tachoLatest.periodTo));
}

export async function fileCount(db: Db): Promise<number> {
  return await db.$count(tachoFiles);
}

const DAY_MS = 86_400_000;
export const days = (n: number) => new Date(Date.now() + n * DAY_MS);

/** A whole vehicle unit download of 28 days up to `periodTo` (default yesterday). */
export const vehicleFile = (generation: 1 | 2, licensePlate: string, periodTo = days(-1)) =>
  buildVehicleUnitFile({
    generation,
    vin: 'YV2RT40A8KB123456',
    licensePlate,
    nation: 'NL',
    from: new Date(periodTo.getTime() - 28 * DAY_MS),
    to: periodTo,
  });

/** A driver card download of the last two weeks; its holder reads as "Anna Maria {surname}". */
export const cardFile = (generation: 1 | 2, surname: string, cardNumber: string) =>
  buildDriverCardFile({
    generation,
    cardNumber,
    firstNames: 'Anna Maria',
    surname,
    nation: 'DE',
    from: days(-14),
    to: days(-1),
  });
