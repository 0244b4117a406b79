/**
 * Second-generation vehicle unit download (Annex 1C Appendix 7 §2.2.6): every TREP (21–25,
 * and 31–35 of version 2) is a sequence of record arrays — recordType (1 byte, Appendix 1
 * §2.120 RecordType), recordSize (2), noOfRecords (2), then the records — whose last one is
 * the SignatureRecordArray (ECDSA signature, 64 to 132 bytes). Walking the arrays needs no
 * knowledge of the records, so a TREP's end is where its signature array ends.
 */
import { fits, isBlank, timeReal, u16, u8 } from './bytes';
import { nationAlpha } from './nations';
import { decodeText, ia5 } from './strings';
import { problem, type Findings } from './summary';

/** RecordType values (Annex 1C Appendix 1 §2.120) the reader looks at. */
export const RECORD = {
  signature: 0x08,
  vin: 0x0a,
  registrationNumber: 0x0b,
  downloadablePeriod: 0x13,
  registrationIdentification: 0x24,
} as const;
export const SIGNATURE_MIN = 64;
export const SIGNATURE_MAX = 132;
/** No TREP of the standard has more arrays; a walk beyond this is garbage. */
const MAX_ARRAYS = 32;

export interface RecordArray {
  type: number;
  size: number;
  count: number;
  /** First record. */
  at: number;
}

/**
 * Walks the record arrays of the TREP whose data starts at `start`, calling `visit` for each;
 * returns where the TREP ends (after the signature array), or -1 when the file ends first or no
 * signature array comes.
 */
export function gen2End(b: Uint8Array, start: number, visit: (array: RecordArray) => void): number {
  let at = start;
  for (let n = 0; n < MAX_ARRAYS; n++) {
    if (!fits(b, at, 5)) return -1;
    const array = { type: u8(b, at), size: u16(b, at + 1), count: u16(b, at + 3), at: at + 5 };
    const length = array.size * array.count;
    if (!fits(b, array.at, length)) return -1;
    visit(array);
    at = array.at + length;
    if (array.type === RECORD.signature) return at;
  }
  return -1;
}

/** The signature array: one record of an ECDSA size that is not blank. */
export function checkGen2Signature(array: RecordArray, b: Uint8Array, f: Findings): void {
  const sized = array.count === 1 && array.size >= SIGNATURE_MIN && array.size <= SIGNATURE_MAX;
  if (!sized || isBlank(b, array.at, array.size)) {
    f.badSignature = true;
    problem(f, sized ? 'signature missing' : 'signature of the wrong size');
  }
}

/**
 * Overview (TREP 21/31): VehicleIdentificationNumberRecordArray, the vehicle registration
 * (VehicleRegistrationNumberRecordArray — code page + 13 bytes, no nation — or, in the later
 * texts and most VUs, VehicleRegistrationIdentificationRecordArray with the nation) and
 * VuDownloadablePeriodRecordArray.
 */
export function readGen2OverviewArray(array: RecordArray, b: Uint8Array, f: Findings): void {
  if (array.count < 1) return;
  const at = array.at;
  switch (array.type) {
    case RECORD.vin:
      if (array.size >= 17) f.vin = ia5(b, at, 17);
      break;
    case RECORD.registrationIdentification:
      if (array.size >= 15) {
        f.nation = nationAlpha(b[at] ?? 0);
        f.licensePlate = decodeText(b, at + 2, 13, b[at + 1] ?? 0);
      }
      break;
    case RECORD.registrationNumber:
      // Some VUs write the identification (15 bytes) under this type: the size tells.
      if (array.size >= 15) {
        f.nation = nationAlpha(b[at] ?? 0);
        f.licensePlate = decodeText(b, at + 2, 13, b[at + 1] ?? 0);
      } else if (array.size >= 14) f.licensePlate = decodeText(b, at + 1, 13, b[at] ?? 0);
      break;
    case RECORD.downloadablePeriod:
      if (array.size >= 8) {
        f.periodFrom = timeReal(b, at);
        f.periodTo = timeReal(b, at + 4);
      }
      break;
  }
}
