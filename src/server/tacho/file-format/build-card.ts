/**
 * buildDriverCardFile: a driver card download as a VU or card reader writes it (Annex 1B
 * Appendix 7 §3.3 / Annex 1C Appendix 7 §3.3): the card's elementary files, each as FID +
 * appendix + length + data, each tachograph file followed by its signature. A second-generation
 * card carries its first-generation application too (appendix 00/01) before its own (02/03).
 * Activity days go into EF_Driver_Activity_Data's cyclic buffer, wrapping at its end.
 */
import { ByteWriter } from './byte-writer';
import {
  activityChanges,
  daysBetween,
  dayNumber,
  fakeCertificate,
  registration,
} from './build-common';
import { DAILY_RECORD_HEADER } from './card-activity';
import { EF } from './driver-card';
import { nationNumeric } from './nations';
import { GEN1_CERTIFICATE, GEN1_SIGNATURE } from './vu-gen1';
import { CERTIFICATE, SIGNATURE_SIZE } from './vu-gen2-records';

export interface DriverCardFileOptions {
  generation: 1 | 2;
  /** The card number as on the card (16 characters at most: driver id + indexes). */
  cardNumber: string;
  /** Alpha code of the issuing member state, e.g. 'NL'. */
  nation: string;
  surname: string;
  firstNames: string;
  /** Days with activity: from `from` to `to`, or only the last `activityDays` of them. */
  from: Date;
  to: Date;
  activityDays?: number;
  /** EF_Card_Download: when the card was last downloaded before (default `from`). */
  lastDownload?: Date;
  /** Where in the cyclic activity buffer the oldest day starts (a card's buffer wraps). */
  activityOffset?: number;
  /** 'blank': zero signatures; 'none': no signature blocks (both read as ValidState 3). */
  signature?: 'fake' | 'blank' | 'none';
}

/** activityStructureLength (§2.10): a card's buffer is 5544 to 13776 bytes. */
const ACTIVITY_MIN = 5544;
const ACTIVITY_MAX = 13776;
const EVENT_RECORD = 24;
const YEAR_MS = 365.25 * 86_400_000;

interface Layout {
  appendix: 0 | 2;
  signatureSize: number;
}

export function buildDriverCardFile(o: DriverCardFileOptions): Uint8Array {
  const w = new ByteWriter();
  const activity = activityBuffer(o);
  ef(w, o, EF.icc, 0, 25, () => w.u8(0).fill(8).text('e1-000', 8).u8(0).fill(5).fill(2), false);
  ef(w, o, EF.ic, 0, 8, () => w.fill(8), false);
  application(w, o, { appendix: 0, signatureSize: GEN1_SIGNATURE }, activity);
  if (o.generation === 2) {
    application(w, o, { appendix: 2, signatureSize: SIGNATURE_SIZE }, activity);
  }
  return w.finish();
}

/** The tachograph application's files in one generation's layout. */
function application(w: ByteWriter, o: DriverCardFileOptions, l: Layout, activity: Uint8Array) {
  const gen2 = l.appendix === 2;
  const vehicles = gen2 ? 200 : 84;
  const places = 112;
  const block = (fid: number, size: number, write: () => void, signed = true) => {
    ef(w, o, fid, l.appendix, size, write, signed, l.signatureSize);
  };
  block(EF.applicationIdentification, gen2 ? 17 : 10, () => {
    w.u8(1)
      .u16(gen2 ? 0x0100 : 0x0000)
      .u8(12)
      .u8(24)
      .u16(activity.length - 4)
      .u16(vehicles);
    if (gen2) w.u16(places).u16(252).u16(56).u16(200);
    else w.u8(places);
  });
  const certificate = gen2 ? CERTIFICATE : GEN1_CERTIFICATE;
  for (const fid of gen2 ? [0xc100, 0xc101, 0xc108, 0xc109] : [0xc100, 0xc108])
    block(fid, certificate, () => fakeCertificate(w, certificate), false);
  block(EF.identification, 143, () => {
    identification(w, o);
  });
  block(EF.cardDownload, 4, () => w.time(o.lastDownload ?? o.from));
  block(0x0521, 53, () => w.name('RDW').u8(nationNumeric(o.nation)).text(o.cardNumber, 16));
  block(0x0502, (gen2 ? 11 : 6) * 12 * EVENT_RECORD, () =>
    w.fill((gen2 ? 11 : 6) * 12 * EVENT_RECORD),
  );
  block(0x0503, 2 * 24 * EVENT_RECORD, () => w.fill(2 * 24 * EVENT_RECORD));
  block(EF.driverActivityData, activity.length, () => w.bytes(activity));
  block(0x0505, 2 + vehicles * (gen2 ? 48 : 31), () => w.fill(2 + vehicles * (gen2 ? 48 : 31)));
  const placesSize = (gen2 ? 2 : 1) + places * (gen2 ? 21 : 10);
  block(0x0506, placesSize, () => w.fill(placesSize));
  block(0x0507, 19, () => registration(w.time(o.to), o.nation, ''));
  block(0x0508, 46, () => w.fill(46));
  block(0x0522, gen2 ? 2 + 56 * 5 : 56 * 5, () => w.fill(gen2 ? 2 + 56 * 5 : 56 * 5));
  if (!gen2) return;
  // EF_VehicleUnits_Used: pointer + 200 × 10; EF_GNSS_Places: pointer + 252 × 18.
  block(0x0523, 2 + 200 * 10, () => w.fill(2 + 200 * 10));
  block(0x0524, 2 + 252 * 18, () => w.fill(2 + 252 * 18));
}

/** One elementary file: tag, length, data, then (signed files) the signature block. */
function ef(
  w: ByteWriter,
  o: DriverCardFileOptions,
  fid: number,
  appendix: number,
  size: number,
  write: () => void,
  signed: boolean,
  signatureSize = GEN1_SIGNATURE,
) {
  w.u16(fid).u8(appendix).u16(size);
  const start = w.length;
  write();
  if (w.length !== start + size) throw new Error(`EF ${fid}: wrote ${w.length - start} of ${size}`);
  if (!signed || o.signature === 'none') return;
  w.u16(fid)
    .u8(appendix + 1)
    .u16(signatureSize);
  w.signature(start, signatureSize, o.signature === 'blank');
}

/** CardIdentification + DriverCardHolderIdentification (143 bytes). */
function identification(w: ByteWriter, o: DriverCardFileOptions) {
  const issued = new Date(o.to.getTime() - 2 * YEAR_MS);
  w.u8(nationNumeric(o.nation)).text(o.cardNumber, 16).name('RDW');
  w.time(issued)
    .time(issued)
    .time(new Date(issued.getTime() + 5 * YEAR_MS));
  w.name(o.surname).name(o.firstNames);
  w.bytes([0x19, 0x80, 0x01, 0x15]).text('nl', 2); // Datef (BCD yyyymmdd), language
}

/**
 * CardDriverActivity: the pointers and the cyclic buffer with one CardActivityDailyRecord per
 * day, oldest first from `activityOffset`; days that do not fit the largest buffer are dropped.
 */
function activityBuffer(o: DriverCardFileOptions): Uint8Array {
  const records = daysBetween(o.from, o.to, o.activityDays).map((day, i) => {
    const changes = activityChanges(dayNumber(day));
    const r = new ByteWriter();
    const length = DAILY_RECORD_HEADER + 2 * changes.length;
    const counter = (i + 1) % 10_000;
    r.u16(0).u16(length).time(day);
    r.u8(((Math.floor(counter / 1000) % 10) << 4) | (Math.floor(counter / 100) % 10));
    r.u8(((Math.floor(counter / 10) % 10) << 4) | (counter % 10));
    r.u16(200 + (dayNumber(day) % 200));
    for (const change of changes) r.u16(change);
    return r.finish();
  });
  let total = records.reduce((sum, r) => sum + r.length, 0);
  while (total > ACTIVITY_MAX) total -= records.shift()?.length ?? total;
  const size = Math.max(ACTIVITY_MIN, total);
  const buffer = new Uint8Array(4 + size);
  const oldest = Math.max(0, Math.floor(o.activityOffset ?? 0)) % size;
  let pos = oldest;
  let newest = oldest;
  let previous = 0;
  for (const record of records) {
    record[0] = previous >> 8;
    record[1] = previous & 0xff;
    for (let i = 0; i < record.length; i++) buffer[4 + ((pos + i) % size)] = record[i] ?? 0;
    newest = pos;
    previous = record.length;
    pos = (pos + record.length) % size;
  }
  buffer.set([oldest >> 8, oldest & 0xff, newest >> 8, newest & 0xff]);
  return buffer;
}
