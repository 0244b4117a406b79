/**
 * Record types and sizes of the second-generation VU download (Annex 1C Appendix 1 §2.120
 * RecordType and the records' definitions) that the builder writes. FullCardNumberAndGeneration
 * (19 bytes) replaces the first generation's FullCardNumber (18) in most of them.
 */
export const RECORD = {
  activityChangeInfo: 0x01,
  cardSlotsStatus: 0x02,
  currentDateTime: 0x03,
  memberStateCertificate: 0x04,
  odometerValueMidnight: 0x05,
  dateOfDayDownloaded: 0x06,
  signature: 0x08,
  specificCondition: 0x09,
  vin: 0x0a,
  calibration: 0x0c,
  cardIw: 0x0d,
  card: 0x0e,
  vuCertificate: 0x0f,
  companyLocks: 0x10,
  controlActivity: 0x11,
  detailedSpeedBlock: 0x12,
  downloadablePeriod: 0x13,
  downloadActivityData: 0x14,
  event: 0x15,
  gnssAccumulatedDriving: 0x16,
  itsConsent: 0x17,
  fault: 0x18,
  vuIdentification: 0x19,
  overSpeedingControlData: 0x1a,
  overSpeedingEvent: 0x1b,
  placeDailyWorkPeriod: 0x1c,
  timeAdjustment: 0x1e,
  powerSupplyInterruption: 0x1f,
  sensorPaired: 0x20,
  sensorExternalGnssCoupled: 0x21,
  registrationIdentification: 0x24,
} as const;

const CARD_GEN = 19;
/** ECDSA over a 256-bit curve (r ‖ s); the standard allows 64 to 132 bytes. */
export const SIGNATURE_SIZE = 64;
/** A stand-in certificate of the smallest second-generation size (Appendix 11: 204–341). */
export const CERTIFICATE = 205;
export const DOWNLOAD_ACTIVITY = 4 + CARD_GEN + 36;
export const COMPANY_LOCK = 4 + 4 + 36 + 36 + CARD_GEN;
export const CONTROL_ACTIVITY = 1 + 4 + CARD_GEN + 4 + 4;
/** Holder name, card number and generation, expiry, insertion, odometer, slot, withdrawal,
 *  odometer, previous vehicle (registration, time, generation), manual input flag. */
export const CARD_IW = 72 + CARD_GEN + 4 + 4 + 3 + 1 + 4 + 3 + 15 + 4 + 1 + 1;
/** Card number and generation + PlaceRecord with its GNSSPlaceRecord (10 + 11). */
export const PLACE = CARD_GEN + 21;
export const GNSS_AD = 4 + CARD_GEN + CARD_GEN + 11 + 3;
/** Type, purpose, begin, end, four card numbers, (similar events,) manufacturer data (4). */
export const FAULT = 1 + 1 + 4 + 4 + 4 * CARD_GEN + 4;
export const EVENT = FAULT + 1;
export const OVERSPEED_EVENT = 1 + 1 + 4 + 4 + 1 + 1 + CARD_GEN + 1;
export const TIME_ADJUSTMENT = 4 + 4 + 36 + 36 + CARD_GEN;
/** Name, address, part number, serial (8), software (8), date, approval (16), generation, ability. */
export const VU_IDENTIFICATION = 36 + 36 + 16 + 8 + 8 + 4 + 16 + 1 + 1;
export const SENSOR_PAIRED = 8 + 16 + 4;
/** First generation's record + SealDataVu (5 seals of 11 bytes). */
export const CALIBRATION = 167 + 55;
export const VU_CARD = CARD_GEN + 8 + 2 + 16;
export const ITS_CONSENT = CARD_GEN + 1;
export const POWER_SUPPLY_INTERRUPTION = 1 + 1 + 4 + 4 + 4 * CARD_GEN + 1;
