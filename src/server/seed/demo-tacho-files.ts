// The demo's tachograph download history: real files from the builder, read and stored like uploads.
import { asc, eq } from 'drizzle-orm';
import { TACHO_KINDS, type TachoKind } from '@shared/tacho/tacho';
import {
  buildDriverCardFile,
  buildVehicleUnitFile,
  readTachoFile,
} from '@server/tacho/file-format';
import { insertTachoRecords, type RecordWithBytes } from '@server/tacho/insert';
import { tachoRecord } from '@server/tacho/record';
import type { DbOrTx } from '@server/db/client';
import { devices } from '@server/db/schema';
import { driverOf, vehicleOf, type TachoCardHolder } from '@server/simulator/tacho-identities';
import type { Random } from './random';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** TimeReal 0: no time (the reader's unknown period). */
const NO_TIME = new Date(0);
/** A few activity days and minutes of speed: the period is what the records need, and small files keep the seed fast. */
const SMALL_VEHICLE_FILE = { activityDays: 2, speedMinutes: 20 } as const;
/** History reaches this far back (the issue asks for 90+ days). */
const HISTORY_DAYS = 100;

/** Where a subject's latest download stands: days since its data ends, by scenario. */
type Scenario = 'regular' | 'soon' | 'overdue' | 'unknown';

/**
 * Days between now and the end of the latest download's data. Vehicles are due after 90 days,
 * drivers after 30: 'soon' leaves 1–6 days, 'overdue' is past it.
 */
function lastEndDaysAgo(kind: TachoKind, scenario: Scenario, random: Random): number {
  const legal = kind === TACHO_KINDS.vehicle ? 90 : 30;
  switch (scenario) {
    case 'soon':
      return legal - random.int(1, 6) - random.next();
    case 'overdue':
      return legal + random.int(2, 25);
    default:
      return random.int(0, kind === TACHO_KINDS.vehicle ? 27 : 6) + random.next();
  }
}

/** One in ten overdue, one in ten due soon, one in twenty with the unknown period. */
function scenarioOf(index: number): Scenario {
  if (index % 20 === 7) return 'unknown';
  if (index % 10 === 3) return 'overdue';
  if (index % 10 === 5) return 'soon';
  return 'regular';
}

interface Download {
  from: Date;
  to: Date;
}

/** The downloads of one subject, oldest first: every `step` days back from its latest. */
function history(
  kind: TachoKind,
  scenario: Scenario,
  now: Date,
  random: Random,
  step: () => number,
): Download[] {
  let end = now.getTime() - lastEndDaysAgo(kind, scenario, random) * DAY_MS;
  const start = now.getTime() - HISTORY_DAYS * DAY_MS;
  const list: Download[] = [];
  do {
    const days = step();
    list.unshift({ from: new Date(end - days * DAY_MS), to: new Date(end) });
    end -= days * DAY_MS;
  } while (end > start);
  return list;
}

/**
 * The customer's drivers: card numbers starting with its country's letter (+ 13 digits and the
 * replacement and renewal indexes), each holder as the simulator's card of that number says,
 * distinct by name (the Driver Overview's key).
 */
function driversFor(
  customer: TachoCustomer,
  random: Random,
): (TachoCardHolder & { cardNumber: string })[] {
  const drivers = new Map<string, TachoCardHolder & { cardNumber: string }>();
  for (let tries = 0; drivers.size < customer.drivers && tries < 1000; tries++) {
    const cardNumber = `${customer.country.slice(0, 1)}${random.digits(13)}0${random.int(0, 3)}`;
    const holder = driverOf(cardNumber);
    const name = `${holder.firstNames} ${holder.surname}`;
    if (!drivers.has(name)) drivers.set(name, { ...holder, cardNumber });
  }
  return [...drivers.values()];
}

export interface TachoCustomer {
  id: number;
  /** Its drivers' card numbers start with its first letter. */
  country: string;
  /** Drivers with cards in the customer's vehicles. */
  drivers: number;
}

/**
 * 100 days of downloads for the fleets of `customers`: each vehicle every 2–4 weeks (every
 * vehicle gets a plate), each driver card weekly; some overdue, some due soon, a few whose files
 * cover no period (unknown, 1990-01-01), and some uploads cut off on the way (kept, not ok). Each
 * file is built, read and stored through the upload's own record and insert steps, in one batch.
 */
export async function seedTachoFiles(
  tx: DbOrTx,
  customers: readonly TachoCustomer[],
  now: Date,
  random: Random,
): Promise<number> {
  const records: RecordWithBytes[] = [];
  const add = (
    bytes: Uint8Array,
    device: { id: number; imei: string },
    customerId: number,
    at: Date,
    kind: TachoKind,
  ) => {
    const uploadedAt = new Date(
      Math.min(now.getTime(), at.getTime() + random.int(1, 20) * HOUR_MS),
    );
    records.push({
      ...tachoRecord(readTachoFile(bytes), {
        device,
        customerId,
        size: bytes.byteLength,
        uploadedAt,
        kindHint: kind,
      }),
      bytes,
    });
  };
  // A file cut off in its middle, as a dropped connection leaves it.
  const truncated = (bytes: Uint8Array) => bytes.subarray(0, Math.floor(bytes.length / 3));

  let vehicleIndex = 0;
  let driverIndex = 0;
  for (const customer of customers) {
    const fleet = await tx
      .select({ id: devices.id, imei: devices.imei })
      .from(devices)
      .where(eq(devices.customerId, customer.id))
      .orderBy(asc(devices.id));
    if (fleet.length === 0) continue;

    for (const device of fleet) {
      const scenario = scenarioOf(vehicleIndex++);
      // As the simulated tachograph of this IMEI says: its later downloads continue these.
      const { vin, licensePlate, nation } = vehicleOf(device.imei);
      const generation = random.chance(0.4) ? 2 : 1;
      for (const { from, to } of history(TACHO_KINDS.vehicle, scenario, now, random, () =>
        random.int(14, 28),
      )) {
        // 'unknown': a unit whose clock was never set writes no period (TimeReal 0).
        const period = scenario === 'unknown' ? { from: NO_TIME, to: NO_TIME } : { from, to };
        const bytes = buildVehicleUnitFile({
          generation,
          vin,
          licensePlate,
          nation,
          ...period,
          ...SMALL_VEHICLE_FILE,
        });
        // Now and then an upload cut off on the way; it is kept, not ok, beside the others.
        if (random.chance(0.03))
          add(truncated(bytes), device, customer.id, to, TACHO_KINDS.vehicle);
        add(bytes, device, customer.id, to, TACHO_KINDS.vehicle);
      }
    }

    for (const [i, driver] of driversFor(customer, random).entries()) {
      const scenario = scenarioOf(driverIndex++);
      const device = fleet[i % fleet.length] ?? fleet[0];
      if (!device) continue;
      // Mostly first generation: its cards are a third of the size, and the seed stays quick.
      const generation = random.chance(0.2) ? 2 : 1;
      for (const { from, to } of history(TACHO_KINDS.driver, scenario, now, random, () => 7)) {
        const bytes = buildDriverCardFile({
          generation,
          ...driver,
          from,
          to,
          // 'unknown': a card without activity days covers no period.
          activityDays: scenario === 'unknown' ? 0 : 7,
        });
        add(bytes, device, customer.id, to, TACHO_KINDS.driver);
      }
    }
  }
  // In upload order, as they would have arrived.
  records.sort((a, b) => (a.row.uploadedAt?.getTime() ?? 0) - (b.row.uploadedAt?.getTime() ?? 0));
  await insertTachoRecords(tx, records);
  return records.length;
}
