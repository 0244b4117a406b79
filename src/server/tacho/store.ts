import { sql } from 'drizzle-orm';
import { isTachoKind, VALID_STATES, type TachoKind } from '@shared/tacho/tacho';
import { selectRows, type Db } from '@server/db/client';
import { writeOperatorLog } from '@server/operator-log/write';
import { readTachoFile, unreadableSummary, type TachoFileSummary } from './file-format';
import { insertTachoRecords } from './insert';
import { cleanText, tachoRecord } from './record';

export interface StoreTachoFileInput {
  device: {
    id: number;
    imei: string;
    /**
     * The sealed credential the upload was verified with: when given, the file is stored only
     * while the device still has it (a credential rotated meanwhile refuses the upload).
     */
    credential?: string;
  };
  bytes: Uint8Array;
  /** The remote download request (`tacho_requests.id`) the file answers. */
  requestId?: number | null;
  /** Or the modem request (`modem_requests.id`) the device was sent for it. */
  modemRequestId?: number | null;
  /** What the device said the file is (`?kind=`), for files that do not say themselves. */
  kindHint?: TachoKind | null;
  uploadedAt: Date;
}

export interface StoredTachoFile {
  fileId: number;
  kind: TachoKind;
  validState: number;
  /** The request the file was recorded against, when one of this device's matched. */
  requestId: number | null;
}

interface DeviceNow {
  customer_id: number | null;
  credential: string | null;
}
interface RequestRow {
  id: number;
  kind: number;
  modem_request_id: number | null;
}

/** The reader must never refuse a file; should it throw anyway, the file is kept as unreadable. */
function summaryOf(bytes: Uint8Array): TachoFileSummary {
  try {
    return readTachoFile(bytes);
  } catch (error) {
    return unreadableSummary(`reader failed: ${(error as Error).message}`);
  }
}

/**
 * Stores a tachograph file a device uploaded, in one transaction: the record read from the file
 * (spec 03 §3) under the device's customer now, its bytes, the latest-per-subject entry, the
 * request it answers (received), the vehicle's last download, and a Warning in the operator log
 * when the file could not be read. A file the reader cannot make sense of is kept all the same,
 * with its not-ok ValidState. Null when the device is gone or its credential changed.
 */
export async function storeTachoFile(
  db: Db,
  input: StoreTachoFileInput,
): Promise<StoredTachoFile | null> {
  // Outside the transaction: reading is pure CPU and must not hold the connection.
  const summary = summaryOf(input.bytes);
  return db.transaction(async (tx) => {
    const [device] = await selectRows<DeviceNow>(
      tx,
      sql`select customer_id, credential from devices where id = ${input.device.id} for update`,
    );
    if (!device) return null;
    if (input.device.credential !== undefined && device.credential !== input.device.credential)
      return null;

    // Only this device's requests: another device's id is ignored, as if none was given.
    const wanted = input.requestId ?? null;
    const modem = input.modemRequestId ?? null;
    const [request] =
      wanted !== null || modem !== null
        ? await selectRows<RequestRow>(
            tx,
            sql`select id, kind, modem_request_id from tacho_requests
                where device_id = ${input.device.id}
                  and (id = ${wanted} or modem_request_id = ${modem})
                order by id desc limit 1`,
          )
        : [];
    const requestKind = request && isTachoKind(request.kind) ? request.kind : null;

    const record = tachoRecord(summary, {
      device: input.device,
      customerId: device.customer_id,
      size: input.bytes.byteLength,
      uploadedAt: input.uploadedAt,
      kindHint: requestKind ?? input.kindHint ?? null,
      requestId: request?.id ?? null,
    });
    const [file] = await insertTachoRecords(tx, [{ ...record, bytes: input.bytes }]);
    const fileId = file?.id ?? 0;

    if (request) {
      await tx.execute(sql`update tacho_requests set file_id = ${fileId},
          received = ${input.uploadedAt.toISOString()}::timestamptz where id = ${request.id}`);
      // The file proves the device executed the command, even before it acknowledges it.
      if (request.modem_request_id !== null)
        await tx.execute(sql`update modem_requests
            set executed = ${input.uploadedAt.toISOString()}::timestamptz
            where id = ${request.modem_request_id} and executed is null`);
    }
    if (record.row.validState === VALID_STATES.unreadable) {
      const why = cleanText(summary.problems[0]) ?? 'not a tachograph download';
      await writeOperatorLog(tx, {
        level: 'Warning',
        customerId: device.customer_id,
        message: `Tachograph file ${fileId} from IMEI ${input.device.imei} could not be read (${why}); stored as ${file?.fileName ?? record.row.fileName}`,
      });
    }
    return {
      fileId,
      kind: record.row.kind,
      validState: record.row.validState,
      requestId: request?.id ?? null,
    };
  });
}
