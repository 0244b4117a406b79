import {
  isTachoKind,
  TACHO_KINDS,
  TACHO_UNKNOWN_PERIOD,
  VALID_STATES,
  type TachoKind,
} from '@shared/tacho/tacho';
import type { tachoFiles } from '@server/db/schema';
import { tachoFileName, type TachoFileSummary } from './file-format';

/** A `tacho_files` row before insert, and the subject its `tacho_latest` entry is kept under. */
export interface TachoRecord {
  row: typeof tachoFiles.$inferInsert & { periodTo: Date; kind: TachoKind };
  /** The licence plate (vehicle) or driver name (card); null when the file did not say. */
  subject: string | null;
}

export interface RecordSource {
  device: { id: number | null; imei: string | null };
  /** The device's customer now (the record keeps it even if the device moves later). */
  customerId: number | null;
  size: number;
  uploadedAt: Date;
  /** The kind the request asked for (or the device said), used when the file does not say. */
  kindHint?: TachoKind | null;
  requestId?: number | null;
}

const MAX_TEXT = 200;

/** Text read from a file, storable as it is: no NUL or lone surrogate, trimmed; null if empty. */
export function cleanText(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const clean = value
    .replace(/[\0\ud800-\udfff]/gu, '')
    .trim()
    .slice(0, MAX_TEXT);
  return clean || null;
}

const validDate = (value: Date | null | undefined): Date | null =>
  value instanceof Date && Number.isFinite(value.getTime()) ? value : null;

/** A ValidState that fits the column; anything else is read as unreadable. */
const validStateOf = (state: unknown): number =>
  typeof state === 'number' && Number.isInteger(state) && state > 0 && state < 32_768
    ? state
    : VALID_STATES.unreadable;

/**
 * The download record of spec 03 §3 from what the reader found: the file's own kind (else the
 * request's, else a vehicle unit), its identification texts, its period (else the unknown
 * period) and its ValidState.
 */
export function tachoRecord(summary: TachoFileSummary, source: RecordSource): TachoRecord {
  const kind: TachoKind = isTachoKind(summary.kind)
    ? summary.kind
    : (source.kindHint ?? TACHO_KINDS.vehicle);
  const unknown = new Date(TACHO_UNKNOWN_PERIOD);
  const licensePlate = cleanText(summary.licensePlate);
  const driverName = cleanText(summary.driverName);
  const fileName =
    cleanText(tachoFileName(summary, source.uploadedAt)) ??
    `${source.device.imei ?? 'unknown'}_${source.uploadedAt.getTime()}.ddd`;
  return {
    row: {
      customerId: source.customerId,
      deviceId: source.device.id,
      imei: source.device.imei,
      kind,
      licensePlate,
      nation: cleanText(summary.nation),
      vin: cleanText(summary.vin),
      driverName,
      cardNumber: cleanText(summary.cardNumber),
      fileName,
      uploadedAt: source.uploadedAt,
      periodFrom: validDate(summary.periodFrom) ?? unknown,
      periodTo: validDate(summary.periodTo) ?? unknown,
      validState: validStateOf(summary.validState),
      size: source.size,
      requestId: source.requestId ?? null,
    },
    subject: kind === TACHO_KINDS.vehicle ? licensePlate : driverName,
  };
}
