/** Crafted tachograph records for request and scheduler tests: a record and its latest row. */
import { eq, sql } from 'drizzle-orm';
import { TACHO_KINDS, type TachoKind } from '@shared/tacho/tacho';
import type { DbOrTx } from '@server/db/client';
import { devices, tachoFiles, tachoLatest } from '@server/db/schema';

const DAY_MS = 86_400_000;

export interface CraftedDownload {
  deviceId: number;
  kind: TachoKind;
  /** The licence plate (vehicle) or driver name (card): the overview subject. */
  subject: string;
  cardNumber?: string;
  periodTo: Date;
  uploadedAt?: Date;
  validState?: number;
}

/**
 * A record of the device's customer with its `tacho_latest` row (replacing the subject's), as
 * the upload stores one; no bytes, which these tests never read.
 */
export async function addDownload(db: DbOrTx, d: CraftedDownload): Promise<number> {
  const [device] = await db
    .select({ customerId: devices.customerId, imei: devices.imei })
    .from(devices)
    .where(eq(devices.id, d.deviceId));
  if (!device) throw new Error(`no device ${d.deviceId}`);
  const vehicle = d.kind === TACHO_KINDS.vehicle;
  const [file] = await db
    .insert(tachoFiles)
    .values({
      customerId: device.customerId,
      deviceId: d.deviceId,
      imei: device.imei,
      kind: d.kind,
      licensePlate: vehicle ? d.subject : null,
      driverName: vehicle ? null : d.subject,
      cardNumber: d.cardNumber ?? null,
      fileName: `test-${d.subject}.ddd`,
      uploadedAt: d.uploadedAt ?? d.periodTo,
      periodFrom: new Date(d.periodTo.getTime() - 28 * DAY_MS),
      periodTo: d.periodTo,
      validState: d.validState ?? 1,
      size: 1000,
    })
    .returning({ id: tachoFiles.id });
  if (!file) throw new Error('no file inserted');
  await db
    .insert(tachoLatest)
    .values({
      kind: d.kind,
      customerKey: device.customerId ?? 0,
      subject: d.subject,
      fileId: file.id,
      periodTo: d.periodTo,
    })
    .onConflictDoUpdate({
      target: [tachoLatest.kind, tachoLatest.customerKey, tachoLatest.subject],
      set: { fileId: file.id, periodTo: d.periodTo },
    });
  return file.id;
}

/** `now` minus `days` (fractions allowed). */
export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Removes every crafted record, request and the modem requests they made: a clean slate. */
export async function clearTacho(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from modem_requests where id in
    (select modem_request_id from tacho_requests where modem_request_id is not null)`);
  await db.execute(sql`delete from tacho_requests`);
  await db.execute(sql`delete from tacho_latest`);
  await db.execute(sql`delete from tacho_files`);
}
