/** Pieces both download file builders share: days, activity patterns, identifications. */
import type { ByteWriter } from './byte-writer';
import { nationNumeric } from './nations';
import { pickCodePage } from './strings';

export const DAY_MS = 86_400_000;
/** No builder writes more daily blocks than a VU keeps (365 days) plus a little. */
export const MAX_DAYS = 400;

/** Midnight UTC of each day from `from` to `to` (both included), the last `count` of them. */
export function daysBetween(from: Date, to: Date, count?: number): Date[] {
  const first = Math.floor(from.getTime() / DAY_MS);
  const last = Math.floor(to.getTime() / DAY_MS);
  const days: Date[] = [];
  for (let d = Math.max(first, last - MAX_DAYS + 1); d <= last; d++)
    days.push(new Date(d * DAY_MS));
  return count === undefined ? days : days.slice(Math.max(0, days.length - count));
}

/**
 * ActivityChangeInfo (§2.1) words of a working day: slot, single/crew, card inserted, activity
 * (0 break/rest, 1 availability, 2 work, 3 driving) and the minute of the day it starts. The day
 * number shifts the times so days differ.
 */
export function activityChanges(dayNumber: number): number[] {
  const shift = (dayNumber % 6) * 10;
  const plan: [number, number][] = [
    [0, 0],
    [360 + shift, 2],
    [390 + shift, 3],
    [540 + shift, 0],
    [585 + shift, 3],
    [720 + shift, 1],
    [750 + shift, 3],
    [900 + shift, 2],
    [960 + shift, 0],
  ];
  return plan.map(([minute, activity]) => (activity << 11) | minute);
}

export const dayNumber = (day: Date): number => Math.floor(day.getTime() / DAY_MS);

/** VehicleRegistrationIdentification (§2.166): nation, code page, 13 bytes. */
export function registration(w: ByteWriter, nation: string, plate: string): ByteWriter {
  const codePage = pickCodePage(plate);
  return w.u8(nationNumeric(nation)).u8(codePage).text(plate, 13, codePage);
}

/** FullCardNumber (§2.73): card type, issuing member state, card number (16). */
export function fullCardNumber(w: ByteWriter, type: number, nation: string, number: string) {
  return w.u8(type).u8(nationNumeric(nation)).text(number, 16);
}

/** Stand-in certificate bytes (Appendix 11): right size, not a certificate. */
export function fakeCertificate(w: ByteWriter, size: number): ByteWriter {
  return w.signature(w.length, size);
}

/** Appends a second-generation record array (type, size, count) and checks its records' size. */
export function recordArray(
  w: ByteWriter,
  type: number,
  size: number,
  count: number,
  write: (index: number) => void = () => w.fill(size),
): ByteWriter {
  w.u8(type).u16(size).u16(count);
  const start = w.length;
  for (let i = 0; i < count; i++) write(i);
  if (w.length !== start + size * count)
    throw new Error(`record array ${type}: wrote ${w.length - start}, declared ${size * count}`);
  return w;
}

export const EQUIPMENT = { driverCard: 1, companyCard: 4 } as const;
