import { and, eq, sql } from 'drizzle-orm';
import { TACHO_KINDS, VALID_STATES, type TachoKind } from '@shared/tacho/tacho';
import type { DbOrTx } from '@server/db/client';
import { tachoFileContents, tachoFiles, tachoLatest, tachoRequests } from '@server/db/schema';

/** A download record as a test wants it; what it leaves out gets a plain value. */
export interface TestTachoFile {
  kind: TachoKind;
  customerId: number | null;
  deviceId?: number | null;
  imei?: string | null;
  licensePlate?: string | null;
  driverName?: string | null;
  cardNumber?: string | null;
  vin?: string | null;
  fileName?: string;
  uploadedAt?: Date;
  periodFrom: Date;
  periodTo: Date;
  validState?: number;
  /** The file's bytes; none leaves tacho_file_contents empty (the download answers 404). */
  bytes?: Uint8Array;
}

/**
 * Inserts a record (and its bytes) and keeps tacho_latest as the upload path does: the row of
 * its plate (vehicle) or driver name (card) and customer points at the record with the latest
 * data end. Tests write rows here directly; the device link's upload is tested on its own.
 */
export async function insertTachoFile(db: DbOrTx, file: TestTachoFile): Promise<number> {
  const [row] = await db
    .insert(tachoFiles)
    .values({
      kind: file.kind,
      customerId: file.customerId,
      deviceId: file.deviceId ?? null,
      imei: file.imei ?? null,
      licensePlate: file.licensePlate ?? null,
      driverName: file.driverName ?? null,
      cardNumber: file.cardNumber ?? null,
      vin: file.vin ?? null,
      fileName: file.fileName ?? `${file.kind === TACHO_KINDS.vehicle ? 'M' : 'C'}_test.ddd`,
      uploadedAt: file.uploadedAt ?? new Date(),
      periodFrom: file.periodFrom,
      periodTo: file.periodTo,
      validState: file.validState ?? VALID_STATES.ok,
      size: file.bytes?.length ?? 0,
    })
    .returning({ id: tachoFiles.id });
  if (!row) throw new Error('tacho file not inserted');
  if (file.bytes) await db.insert(tachoFileContents).values({ fileId: row.id, bytes: file.bytes });
  const subject = file.kind === TACHO_KINDS.vehicle ? file.licensePlate : file.driverName;
  if (subject) {
    await db
      .insert(tachoLatest)
      .values({
        kind: file.kind,
        customerKey: file.customerId ?? 0,
        subject,
        fileId: row.id,
        periodTo: file.periodTo,
      })
      .onConflictDoUpdate({
        target: [tachoLatest.kind, tachoLatest.customerKey, tachoLatest.subject],
        set: { fileId: row.id, periodTo: file.periodTo },
        setWhere: sql`${tachoLatest.periodTo} <= excluded.period_to`,
      });
  }
  return row.id;
}

/** A remote download request as the request routes (and, with `fileId`, the upload) leave it. */
export async function insertTachoRequest(
  db: DbOrTx,
  request: {
    deviceId: number;
    kind: TachoKind;
    cardNumber?: string;
    modemRequestId?: number;
    requestedBy?: string;
    fileId?: number;
  },
): Promise<number> {
  const [row] = await db
    .insert(tachoRequests)
    .values({
      deviceId: request.deviceId,
      kind: request.kind,
      cardNumber: request.cardNumber ?? null,
      modemRequestId: request.modemRequestId ?? null,
      requestedBy: request.requestedBy ?? 'user:1',
      fileId: request.fileId ?? null,
      received: request.fileId ? new Date() : null,
    })
    .returning({ id: tachoRequests.id });
  if (!row) throw new Error('tacho request not inserted');
  // As the upload records it: the file names the request it answers.
  if (request.fileId)
    await db.update(tachoFiles).set({ requestId: row.id }).where(eq(tachoFiles.id, request.fileId));
  return row.id;
}

/** The tacho_latest row of a subject, for tests that page by overview row. */
export async function latestRowId(
  db: DbOrTx,
  kind: TachoKind,
  customerId: number,
  subject: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: tachoLatest.id })
    .from(tachoLatest)
    .where(
      and(
        eq(tachoLatest.kind, kind),
        eq(tachoLatest.customerKey, customerId),
        eq(tachoLatest.subject, subject),
      ),
    );
  return row?.id;
}

/**
 * One vehicle unit download with bytes per device that has a customer, once per database,
 * when the demo brought none: the authorization matrix and the route fuzz need an own and a
 * foreign record of every caller.
 */
export async function ensureTachoFiles(db: DbOrTx): Promise<void> {
  const [any] = await db.select({ id: tachoFiles.id }).from(tachoFiles).limit(1);
  if (any) return;
  await db.execute(sql`
    with made as (
      insert into tacho_files (customer_id, device_id, imei, kind, license_plate, vin, file_name,
        period_from, period_to, valid_state, size)
      select distinct on (d.customer_id) d.customer_id, d.id, d.imei, 1,
        'FX-' || d.id, 'VIN' || d.id, 'M_' || d.imei || '.ddd',
        now() - interval '35 days', now() - interval '7 days', 1, 4
      from devices d where d.customer_id is not null
      order by d.customer_id, d.id
      returning id, customer_id, license_plate, period_to
    ), bytes as (
      insert into tacho_file_contents (file_id, bytes)
      select id, '\\x76010203'::bytea from made
    )
    insert into tacho_latest (kind, customer_key, subject, file_id, period_to)
    select 1, customer_id, license_plate, id, period_to from made`);
}
