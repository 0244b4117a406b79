/**
 * First-generation vehicle unit download (Annex 1B Appendix 7 §2.2.6.1–§2.2.6.5): each transfer
 * response parameter (TREP) has a fixed layout with counted record lists, and ends with a
 * 128-byte RSA signature. Sizes below are Annex 1B Appendix 1 data dictionary sizes.
 */
import { isBlank, timeReal } from './bytes';
import { Cursor } from './cursor';
import { nationAlpha } from './nations';
import { decodeText, ia5, NAME_LENGTH } from './strings';
import { problem, type Findings } from './summary';

export const GEN1_SIGNATURE = 128;
/** MemberStateCertificate and VuCertificate (Appendix 11): 194 bytes each. */
export const GEN1_CERTIFICATE = 194;
/** FullCardNumber (§2.73): cardType, cardIssuingMemberState, cardNumber (16). */
const FULL_CARD_NUMBER = 18;
const ADDRESS = 36;
/** VehicleRegistrationIdentification (§2.166): nation + code page + 13 bytes. */
export const VEHICLE_REGISTRATION = 15;
const VIN = 17;

/** Offsets inside TREP 01 (Overview, §2.2.6.1). */
export const OV1 = {
  vin: 2 * GEN1_CERTIFICATE,
  registration: 2 * GEN1_CERTIFICATE + VIN,
  currentTime: 2 * GEN1_CERTIFICATE + VIN + VEHICLE_REGISTRATION,
  period: 2 * GEN1_CERTIFICATE + VIN + VEHICLE_REGISTRATION + 4,
  /** CardSlotsStatus (1) + VuDownloadActivityData (TimeReal, FullCardNumber, Name). */
  afterPeriod: 2 * GEN1_CERTIFICATE + VIN + VEHICLE_REGISTRATION + 4 + 8,
} as const;
export const DOWNLOAD_ACTIVITY = 4 + FULL_CARD_NUMBER + NAME_LENGTH;
/** VuCompanyLocksRecord (§2.183): lockIn, lockOut, company name and address, card number. */
export const COMPANY_LOCK = 4 + 4 + NAME_LENGTH + ADDRESS + FULL_CARD_NUMBER;
/** VuControlActivityRecord (§2.187): type, time, card number, period begin and end. */
export const CONTROL_ACTIVITY = 1 + 4 + FULL_CARD_NUMBER + 4 + 4;
/** VuCardIWRecord (§2.177): holder name (2 Names), card number, expiry, insertion, odometer,
 *  slot, withdrawal, odometer, previous vehicle (registration + time), manual input flag. */
export const CARD_IW = 2 * NAME_LENGTH + FULL_CARD_NUMBER + 4 + 4 + 3 + 1 + 4 + 3 + 19 + 1;
/** VuPlaceDailyWorkPeriodRecord (§2.219): card number + PlaceRecord (10). */
export const PLACE = FULL_CARD_NUMBER + 10;
export const SPECIFIC_CONDITION = 5;
/** VuFaultRecord (§2.201) and VuEventRecord (§2.198): type, purpose, begin, end, 4 card numbers
 *  (+ similarEventsNumber for events). */
export const FAULT = 1 + 1 + 4 + 4 + 4 * FULL_CARD_NUMBER;
export const EVENT = FAULT + 1;
export const OVERSPEED_CONTROL = 4 + 4 + 1;
/** VuOverSpeedingEventRecord (§2.215). */
export const OVERSPEED_EVENT = 1 + 1 + 4 + 4 + 1 + 1 + FULL_CARD_NUMBER + 1;
/** VuTimeAdjustmentRecord (§2.232): old, new, workshop name, address, card number. */
export const TIME_ADJUSTMENT = 4 + 4 + NAME_LENGTH + ADDRESS + FULL_CARD_NUMBER;
/** VuDetailedSpeedBlock (§2.192): begin time + 60 speeds. */
export const SPEED_BLOCK = 4 + 60;
/** VuIdentification (§2.205) and SensorPaired (§2.144). */
export const VU_IDENTIFICATION = 36 + 36 + 16 + 8 + 8 + 4 + 8;
export const SENSOR_PAIRED = 8 + 8 + 4;
/** VuCalibrationRecord (§2.174). */
export const CALIBRATION =
  1 +
  NAME_LENGTH +
  ADDRESS +
  FULL_CARD_NUMBER +
  4 +
  VIN +
  VEHICLE_REGISTRATION +
  2 +
  2 +
  2 +
  15 +
  1 +
  3 +
  3 +
  4 +
  4 +
  4;

/**
 * Where the TREP whose data starts at `start` ends (after its signature), or -1 when the file
 * ends first. Walks the counted lists without reading their content.
 */
export function gen1End(b: Uint8Array, start: number, trep: number): number {
  const c = new Cursor(b, start);
  switch (trep) {
    case 0x01: // Overview
      c.skip(OV1.afterPeriod + 1 + DOWNLOAD_ACTIVITY);
      c.records(1, COMPANY_LOCK).records(1, CONTROL_ACTIVITY);
      break;
    case 0x02: // Activities of one day
      c.skip(4 + 3); // TimeReal dateOfDay, OdometerValueMidnight
      c.records(2, CARD_IW).records(2, 2).records(1, PLACE).records(2, SPECIFIC_CONDITION);
      break;
    case 0x03: // Events and faults
      c.records(1, FAULT).records(1, EVENT).skip(OVERSPEED_CONTROL);
      c.records(1, OVERSPEED_EVENT).records(1, TIME_ADJUSTMENT);
      break;
    case 0x04: // Detailed speed
      c.records(2, SPEED_BLOCK);
      break;
    case 0x05: // Technical data
      c.skip(VU_IDENTIFICATION + SENSOR_PAIRED).records(1, CALIBRATION);
      break;
    default:
      return -1;
  }
  c.skip(GEN1_SIGNATURE);
  return c.ok ? c.at : -1;
}

/**
 * Reads TREP 01 (Overview): VehicleIdentificationNumber, VehicleRegistrationIdentification and
 * VuDownloadablePeriod (min/max TimeReal), as far as the file holds them.
 */
export function readGen1Overview(b: Uint8Array, start: number, f: Findings): void {
  f.vin = ia5(b, start + OV1.vin, VIN);
  const reg = start + OV1.registration;
  f.nation = b.length > reg ? nationAlpha(b[reg] ?? 0) : null;
  f.licensePlate = b.length > reg + 1 ? decodeText(b, reg + 2, 13, b[reg + 1] ?? 0) : null;
  f.periodFrom = timeReal(b, start + OV1.period);
  f.periodTo = timeReal(b, start + OV1.period + 4);
}

/** The 128-byte signature closing a TREP that ends at `end`: blank means "not signed". */
export function checkGen1Signature(b: Uint8Array, end: number, f: Findings): void {
  if (isBlank(b, end - GEN1_SIGNATURE, GEN1_SIGNATURE)) {
    f.badSignature = true;
    problem(f, 'signature missing');
  }
}
