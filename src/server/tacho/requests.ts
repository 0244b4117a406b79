import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { MODEM_COMMAND_TYPE } from '@shared/devices/constants';
import {
  TACHO_COMMANDS,
  TACHO_KINDS,
  type TachoKind,
  type TachoRequestProgress,
} from '@shared/tacho/tacho';
import type { TachoRequestState } from '@shared/tacho/tacho-lists';
import type { DbOrTx } from '@server/db/client';
import { devices, modemRequests, tachoFiles, tachoRequests } from '@server/db/schema';

/**
 * A request not answered by a file and younger than this is still open: asking again reuses it
 * instead of queueing a second download of the same data on the device.
 */
export const OPEN_REQUEST_HOURS = 24;
const HOUR_MS = 3_600_000;

/** '01-06-2025 14:03 UTC', the portal's date format: one text for every viewer's time zone. */
const utcMinute = (at: Date) => {
  const [date = '', time = ''] = at.toISOString().split('T');
  const [year, month, day] = date.split('-');
  return `${day ?? ''}-${month ?? ''}-${year ?? ''} ${time.slice(0, 5)} UTC`;
};

/** Who asked: 'user:{id}' or the portal's own scheduler. */
export type TachoRequester = `user:${number}` | 'scheduler';

export interface TachoDownloadDevice {
  id: number;
  imei: string;
}

export interface TachoDownloadRequest {
  device: TachoDownloadDevice;
  kind: TachoKind;
  /** The driver card asked for (kind 2). */
  cardNumber?: string | undefined;
  requestedBy: TachoRequester;
  now?: Date;
}

export interface TachoDownloadRequested {
  /** The tacho_requests row (the new one, or the open one reused). */
  id: number;
  reused: boolean;
  /** The success toast: what was requested, from which device. */
  text: string;
}

/** The modem command of a remote download (docs/device-protocol.md, "Tachograph files"). */
export const tachoCommandOf = (kind: TachoKind, cardNumber?: string): string =>
  kind === TACHO_KINDS.driver
    ? TACHO_COMMANDS.driverCard(cardNumber ?? '')
    : TACHO_COMMANDS.massMemory;

/** Requested → sent (the device executed the modem request) → file received. */
export function tachoRequestProgress(row: {
  received: Date | string | null;
  executed: Date | string | null;
}): TachoRequestProgress {
  if (row.received) return 'received';
  return row.executed ? 'sent' : 'requested';
}

/** How the toast names the vehicle: its licence plate from its latest vehicle file, else its name. */
async function vehicleLabel(tx: DbOrTx, deviceId: number): Promise<string> {
  const [file] = await tx
    .select({ plate: tachoFiles.licensePlate })
    .from(tachoFiles)
    .where(
      and(
        eq(tachoFiles.deviceId, deviceId),
        eq(tachoFiles.kind, TACHO_KINDS.vehicle),
        isNotNull(tachoFiles.licensePlate),
      ),
    )
    .orderBy(desc(tachoFiles.id))
    .limit(1);
  if (file?.plate) return `vehicle ${file.plate}`;
  const [device] = await tx
    .select({ name: devices.name })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return device?.name ? `vehicle ${device.name}` : 'the vehicle';
}

/**
 * Asks a device for a tachograph download: in one transaction the modem request the device link
 * delivers (TACHO_COMMANDS, the ordinary command type) and the tacho_requests row that follows
 * its progress. An open request of the same device for the same data (not received, younger than
 * OPEN_REQUEST_HOURS, its modem request not removed) is reused, so pressing the button twice or
 * the scheduler meeting a user's request queues one download. The device row is locked for the
 * check, so two requests at once cannot both miss each other. Tenancy is the caller's business.
 */
export async function requestTachoDownload(
  db: DbOrTx,
  request: TachoDownloadRequest,
): Promise<TachoDownloadRequested> {
  const { device, kind, requestedBy } = request;
  const cardNumber = kind === TACHO_KINDS.driver ? (request.cardNumber ?? '') : null;
  const now = request.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.id, device.id))
      .for('update');
    const [open] = await tx
      .select({ id: tachoRequests.id, created: tachoRequests.created })
      .from(tachoRequests)
      .where(
        and(
          eq(tachoRequests.deviceId, device.id),
          eq(tachoRequests.kind, kind),
          cardNumber === null
            ? isNull(tachoRequests.cardNumber)
            : eq(tachoRequests.cardNumber, cardNumber),
          isNull(tachoRequests.received),
          isNotNull(tachoRequests.modemRequestId),
          gt(tachoRequests.created, new Date(now.getTime() - OPEN_REQUEST_HOURS * HOUR_MS)),
        ),
      )
      .orderBy(desc(tachoRequests.id))
      .limit(1);

    const what =
      cardNumber === null
        ? `for ${await vehicleLabel(tx, device.id)}`
        : `of driver card ${cardNumber}`;
    const where = `(IMEI ${device.imei})`;
    if (open) {
      return {
        id: open.id,
        reused: true,
        text: `Remote download ${what} ${where} was already requested on ${utcMinute(open.created)} and is still waiting for the file: not requested again`,
      };
    }

    const [modem] = await tx
      .insert(modemRequests)
      .values({
        deviceId: device.id,
        command: tachoCommandOf(kind, cardNumber ?? undefined),
        commandType: MODEM_COMMAND_TYPE,
        created: now,
      })
      .returning({ id: modemRequests.id });
    const [row] = await tx
      .insert(tachoRequests)
      .values({
        deviceId: device.id,
        kind,
        cardNumber,
        modemRequestId: modem?.id ?? null,
        requestedBy,
        created: now,
      })
      .returning({ id: tachoRequests.id });
    if (!row) throw new Error('insert tacho_requests returned nothing');
    return { id: row.id, reused: false, text: `Remote download requested ${what} ${where}` };
  });
}

/** The latest request of a device for its vehicle unit, with its progress (the device page). */
export async function latestVehicleRequest(
  db: DbOrTx,
  deviceId: number,
): Promise<TachoRequestState | null> {
  const [row] = await db
    .select({
      id: tachoRequests.id,
      created: tachoRequests.created,
      requestedBy: tachoRequests.requestedBy,
      received: tachoRequests.received,
      executed: modemRequests.executed,
    })
    .from(tachoRequests)
    .leftJoin(modemRequests, eq(modemRequests.id, tachoRequests.modemRequestId))
    .where(and(eq(tachoRequests.deviceId, deviceId), eq(tachoRequests.kind, TACHO_KINDS.vehicle)))
    .orderBy(desc(tachoRequests.id))
    .limit(1);
  if (!row) return null;
  return {
    Id: row.id,
    Progress: tachoRequestProgress(row),
    Created: row.created.toISOString(),
    RequestedBy: row.requestedBy === 'scheduler' ? 'scheduler' : 'user',
  };
}
