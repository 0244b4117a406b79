/**
 * buildVehicleUnitFile: a vehicle unit download as a VU answers a remote download — Overview,
 * one Activities block per day, Events and faults, Detailed speed, Technical data — in the
 * first generation's fixed layouts (Annex 1B Appendix 7 §2.2.6, TREPs 01–05) or the second
 * generation's record arrays (Annex 1C Appendix 7 §2.2.6, TREPs 21–25). The simulator and the
 * demo data upload these; certificates and signatures are right-sized stand-ins (ByteWriter).
 */
import { ByteWriter } from './byte-writer';
import {
  activityChanges,
  dayNumber,
  daysBetween,
  EQUIPMENT,
  fakeCertificate,
  fullCardNumber,
  recordArray,
  registration,
} from './build-common';
import { VU_SID } from './vehicle-unit';
import * as G1 from './vu-gen1';
import * as G2 from './vu-gen2-records';

export interface TachoDriver {
  cardNumber: string;
  /** Alpha code of the issuing nation, e.g. 'NL'. */
  nation: string;
  surname: string;
  firstNames: string;
}

export interface VehicleUnitFileOptions {
  generation: 1 | 2;
  vin: string;
  licensePlate: string;
  /** Alpha code of the registering nation, e.g. 'NL'. */
  nation: string;
  /** The downloadable period (VuDownloadablePeriod). */
  from: Date;
  to: Date;
  /** Daily activity blocks: the last this many days up to `to` (default every day, ≤ 400). */
  activityDays?: number;
  /** The driver whose card was in slot 1 on each day (VuCardIWRecord); none by default. */
  driver?: TachoDriver;
  /** Minutes of detailed speed before `to` (one VuDetailedSpeedBlock each); default 480. */
  speedMinutes?: number;
  /** CurrentDateTime and downloadingTime; default `to`. */
  downloadedAt?: Date;
  companyName?: string;
  /** 'blank': all-zero signatures, as an unsigned file reads (ValidState 3). */
  signature?: 'fake' | 'blank';
}

type Options = VehicleUnitFileOptions & { downloadedAt: Date; companyName: string };
const HOUR_MS = 3_600_000;

export function buildVehicleUnitFile(options: VehicleUnitFileOptions): Uint8Array {
  const o: Options = {
    ...options,
    downloadedAt: options.downloadedAt ?? options.to,
    companyName: options.companyName ?? 'Fleet Portal',
  };
  const w = new ByteWriter();
  const blank = o.signature === 'blank';
  const days = daysBetween(o.from, o.to, o.activityDays);
  const speedBlocks = Math.max(0, Math.min(o.speedMinutes ?? 480, 1440));
  if (o.generation === 1) gen1(w, o, days, speedBlocks, blank);
  else gen2(w, o, days, speedBlocks, blank);
  return w.finish();
}

function gen1(w: ByteWriter, o: Options, days: Date[], speedBlocks: number, blank: boolean) {
  const trep = (id: number) => w.u8(VU_SID).u8(id).length;
  const sign = (from: number) => w.signature(from, G1.GEN1_SIGNATURE, blank);
  // 01 Overview: the signature covers what follows the two certificates.
  trep(0x01);
  fakeCertificate(w, G1.GEN1_CERTIFICATE);
  fakeCertificate(w, G1.GEN1_CERTIFICATE);
  const overview = w.length;
  w.text(o.vin, 17);
  registration(w, o.nation, o.licensePlate);
  w.time(o.downloadedAt).time(o.from).time(o.to).u8(0);
  downloadActivity(w, o, 1);
  w.u8(0).u8(0); // noOfLocks, noOfControls
  sign(overview);
  for (const day of days) {
    const start = trep(0x02);
    const changes = activityChanges(dayNumber(day));
    w.time(day).u24(dayNumber(day) % 10_000);
    w.u16(o.driver ? 1 : 0);
    if (o.driver) cardIw(w, day, o.driver, o, 1);
    w.u16(changes.length);
    for (const change of changes) w.u16(change);
    w.u8(0).u16(0); // noOfPlaceRecords, noOfSpecificConditionRecords
    sign(start);
  }
  let start = trep(0x03);
  w.u8(0).u8(0).fill(G1.OVERSPEED_CONTROL).u8(0).u8(0);
  sign(start);
  start = trep(0x04);
  w.u16(speedBlocks);
  for (let i = 0; i < speedBlocks; i++) speedBlock(w, o, speedBlocks, i);
  sign(start);
  start = trep(0x05);
  vuIdentification(w, 1);
  w.fill(G1.SENSOR_PAIRED);
  w.u8(1);
  calibration(w, o);
  sign(start);
}

function gen2(w: ByteWriter, o: Options, days: Date[], speedBlocks: number, blank: boolean) {
  const trep = (id: number) => w.u8(VU_SID).u8(id).length;
  const sign = (from: number) =>
    recordArray(w, G2.RECORD.signature, G2.SIGNATURE_SIZE, 1, () =>
      w.signature(from, G2.SIGNATURE_SIZE, blank),
    );
  const one = (type: number, size: number, write: () => void) =>
    recordArray(w, type, size, 1, write);
  const none = (type: number, size: number) => recordArray(w, type, size, 0);
  trep(0x21);
  one(G2.RECORD.memberStateCertificate, G2.CERTIFICATE, () => fakeCertificate(w, G2.CERTIFICATE));
  one(G2.RECORD.vuCertificate, G2.CERTIFICATE, () => fakeCertificate(w, G2.CERTIFICATE));
  const overview = w.length;
  one(G2.RECORD.vin, 17, () => w.text(o.vin, 17));
  one(G2.RECORD.registrationIdentification, 15, () => registration(w, o.nation, o.licensePlate));
  one(G2.RECORD.currentDateTime, 4, () => w.time(o.downloadedAt));
  one(G2.RECORD.downloadablePeriod, 8, () => w.time(o.from).time(o.to));
  one(G2.RECORD.cardSlotsStatus, 1, () => w.u8(0));
  one(G2.RECORD.downloadActivityData, G2.DOWNLOAD_ACTIVITY, () => {
    downloadActivity(w, o, 2);
  });
  none(G2.RECORD.companyLocks, G2.COMPANY_LOCK);
  none(G2.RECORD.controlActivity, G2.CONTROL_ACTIVITY);
  sign(overview);
  for (const day of days) {
    const start = trep(0x22);
    const changes = activityChanges(dayNumber(day));
    one(G2.RECORD.dateOfDayDownloaded, 4, () => w.time(day));
    one(G2.RECORD.odometerValueMidnight, 3, () => w.u24(dayNumber(day) % 10_000));
    recordArray(w, G2.RECORD.cardIw, G2.CARD_IW, o.driver ? 1 : 0, () => {
      if (o.driver) cardIw(w, day, o.driver, o, 2);
    });
    recordArray(w, G2.RECORD.activityChangeInfo, 2, changes.length, (i) => w.u16(changes[i] ?? 0));
    none(G2.RECORD.placeDailyWorkPeriod, G2.PLACE);
    none(G2.RECORD.gnssAccumulatedDriving, G2.GNSS_AD);
    none(G2.RECORD.specificCondition, 5);
    sign(start);
  }
  let start = trep(0x23);
  none(G2.RECORD.fault, G2.FAULT);
  none(G2.RECORD.event, G2.EVENT);
  one(G2.RECORD.overSpeedingControlData, G1.OVERSPEED_CONTROL, () => w.fill(G1.OVERSPEED_CONTROL));
  none(G2.RECORD.overSpeedingEvent, G2.OVERSPEED_EVENT);
  none(G2.RECORD.timeAdjustment, G2.TIME_ADJUSTMENT);
  sign(start);
  start = trep(0x24);
  recordArray(w, G2.RECORD.detailedSpeedBlock, G1.SPEED_BLOCK, speedBlocks, (i) => {
    speedBlock(w, o, speedBlocks, i);
  });
  sign(start);
  start = trep(0x25);
  one(G2.RECORD.vuIdentification, G2.VU_IDENTIFICATION, () => {
    vuIdentification(w, 2);
  });
  one(G2.RECORD.sensorPaired, G2.SENSOR_PAIRED, () => w.fill(G2.SENSOR_PAIRED));
  none(G2.RECORD.sensorExternalGnssCoupled, G2.SENSOR_PAIRED);
  none(G2.RECORD.calibration, G2.CALIBRATION);
  none(G2.RECORD.card, G2.VU_CARD);
  none(G2.RECORD.itsConsent, G2.ITS_CONSENT);
  none(G2.RECORD.powerSupplyInterruption, G2.POWER_SUPPLY_INTERRUPTION);
  sign(start);
}

/** VuDownloadActivityData: downloading time, company card (+ generation), company name. */
function downloadActivity(w: ByteWriter, o: Options, gen: 1 | 2) {
  w.time(o.downloadedAt);
  fullCardNumber(w, EQUIPMENT.companyCard, o.nation, 'C000000000000001');
  if (gen === 2) w.u8(2);
  w.name(o.companyName);
}

/** VuCardIWRecord: the driver's card in slot 1 (driver) from 06:00 to 17:00. */
function cardIw(w: ByteWriter, day: Date, d: TachoDriver, o: Options, gen: 1 | 2) {
  const at = (hour: number) => new Date(day.getTime() + hour * HOUR_MS);
  w.name(d.surname).name(d.firstNames);
  fullCardNumber(w, EQUIPMENT.driverCard, d.nation, d.cardNumber);
  if (gen === 2) w.u8(2);
  w.time(at(24 * 365 * 4))
    .time(at(6))
    .u24(0)
    .u8(0)
    .time(at(17))
    .u24(0);
  registration(w, o.nation, o.licensePlate).time(at(-7)); // previousVehicleInfo
  if (gen === 2) w.u8(2);
  w.u8(0); // manualInputFlag
}

/** VuDetailedSpeedBlock: a minute's begin time and 60 speeds (km/h), ending at `to`. */
function speedBlock(w: ByteWriter, o: Options, blocks: number, i: number) {
  w.time(new Date(o.to.getTime() - (blocks - i) * 60_000));
  for (let s = 0; s < 60; s++) w.u8(50 + ((i * 7 + s) % 35));
}

/** VuIdentification: manufacturer name and address, part and serial numbers, software, dates. */
function vuIdentification(w: ByteWriter, gen: 1 | 2) {
  w.name('Fleet Portal Simulator').name('Simulated');
  w.text('SIM-VU-0001', 16).fill(8).text('0001', 4).fill(4).fill(4);
  w.text('e1-84', gen === 1 ? 8 : 16);
  if (gen === 2) w.u8(2).u8(0); // vuGeneration, vuAbility
}

/** VuCalibrationRecord (first generation): an activation by a workshop. */
function calibration(w: ByteWriter, o: Options) {
  w.u8(1).name('Simulated workshop').name('Simulated');
  fullCardNumber(w, 2, o.nation, 'W000000000000001');
  w.time(o.to).text(o.vin, 17);
  registration(w, o.nation, o.licensePlate);
  w.u16(8000).u16(8000).u16(3200).text('315/80 R22.5', 15).u8(90);
  w.u24(0)
    .u24(0)
    .time(o.from)
    .time(o.from)
    .time(new Date(o.to.getTime() + 730 * 24 * HOUR_MS));
}
