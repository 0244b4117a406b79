import type { Random } from './random';

/** Where simulated vehicles start: around Amsterdam, Hamburg and Gothenburg. */
const DEPOTS = [
  [52.37, 4.9],
  [53.55, 9.99],
  [57.71, 11.97],
] as const;
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const KM_PER_DEGREE = 111.32;
const MINUTE = 60_000;

/** The telemetry part of a message (see DeviceMessage in src/shared/devices/device-link.ts). */
export interface Telemetry {
  Timestamp: string;
  Ignition: 0 | 1;
  Lat: number;
  Lon: number;
  SatCount: number;
  Speed: number;
  Heading: number;
  Odo: number;
  VIN: string;
  Ibutton: string | null;
  IO1: 0 | 1;
  CanSpeed: number;
  EngineRpm: number;
  FuelLevel: number;
  Output1: 0 | 1;
  Output2: 0 | 1;
  Output3: 0 | 1;
  BinaryInput: 0 | 1;
}

/** The binary input is switched this often (a door contact, a PTO), without drawing randomness. */
const BINARY_INPUT_PERIOD_MS = 15_000;

/**
 * A vehicle that alternates between trips (ignition on, moving along a wandering heading, the
 * odometer growing with the distance driven) and stops. A driver key is presented on some trips.
 */
export class Vehicle {
  #lat: number;
  #lon: number;
  #heading: number;
  #speed = 0;
  #odo: number;
  #ignition: 0 | 1 = 0;
  #io1: 0 | 1 = 0;
  #ibutton: string | null = null;
  #phaseLeftMs: number;
  #fuel = 80;
  readonly #outputs: [0 | 1, 0 | 1, 0 | 1] = [0, 0, 0];
  #binaryInput: 0 | 1 = 0;
  #binaryInputLeftMs = BINARY_INPUT_PERIOD_MS;
  readonly vin: string;

  constructor(
    private readonly random: Random,
    vin?: string,
  ) {
    const [lat, lon] = random.pick(DEPOTS);
    this.#lat = lat + random.between(-0.3, 0.3);
    this.#lon = lon + random.between(-0.45, 0.45);
    this.#heading = random.between(0, 360);
    this.#odo = random.int(20_000, 900_000);
    // Drawn even when given, so a seed drives the same trips whether or not the VIN is fixed.
    const drawn = Array.from({ length: 17 }, () => random.pick(Array.from(VIN_CHARS))).join('');
    this.vin = vin ?? drawn;
    // Stagger the fleet: some start parked for a while, others leave at once.
    this.#phaseLeftMs = random.between(0, 2 * MINUTE);
  }

  get driving(): boolean {
    return this.#ignition === 1;
  }

  /** Advances the vehicle by `elapsedMs` of real time. */
  advance(elapsedMs: number): void {
    const r = this.random;
    this.#phaseLeftMs -= elapsedMs;
    if (this.#phaseLeftMs <= 0) {
      if (this.driving) {
        this.#ignition = 0;
        this.#speed = 0;
        this.#ibutton = null;
        this.#phaseLeftMs = r.between(1, 10) * MINUTE;
      } else {
        this.#ignition = 1;
        this.#speed = r.between(20, 50);
        this.#ibutton = r.chance(0.5) ? randomHex(r, 16) : null;
        this.#phaseLeftMs = r.between(2, 20) * MINUTE;
      }
    }
    if (r.chance(0.02)) this.#io1 = this.#io1 ? 0 : 1;
    this.#binaryInputLeftMs -= elapsedMs;
    if (this.#binaryInputLeftMs <= 0) {
      this.#binaryInput = this.#binaryInput ? 0 : 1;
      this.#binaryInputLeftMs = BINARY_INPUT_PERIOD_MS;
    }
    if (!this.driving) return;

    this.#speed = Math.min(110, Math.max(15, this.#speed + r.between(-8, 8)));
    this.#heading = (this.#heading + r.between(-15, 15) + 360) % 360;
    const km = (this.#speed * elapsedMs) / 3_600_000;
    const radians = (this.#heading * Math.PI) / 180;
    this.#lat += (km * Math.cos(radians)) / KM_PER_DEGREE;
    this.#lon += (km * Math.sin(radians)) / (KM_PER_DEGREE * Math.cos((this.#lat * Math.PI) / 180));
    this.#odo += km;
    // About 30 l per 100 km from a 400 l tank, refilled when low.
    this.#fuel -= (km * 30) / 400;
    if (this.#fuel < 10) this.#fuel = 95;
  }

  /** A modem request switched an output (`$SETOUTPUT,n,0|1`). */
  setOutput(output: 1 | 2 | 3, on: boolean): void {
    this.#outputs[output - 1] = on ? 1 : 0;
  }

  telemetry(now: Date): Telemetry {
    return {
      Timestamp: now.toISOString(),
      Ignition: this.#ignition,
      Lat: round(this.#lat, 6),
      Lon: round(this.#lon, 6),
      SatCount: this.random.int(this.driving ? 6 : 4, 14),
      Speed: round(this.#speed, 0),
      Heading: round(this.#heading, 0),
      Odo: round(this.#odo, 3),
      VIN: this.vin,
      Ibutton: this.#ibutton,
      IO1: this.#io1,
      // The vehicle bus: speed and engine speed while driving, the tank's level always.
      CanSpeed: round(this.#speed, 0),
      EngineRpm: this.driving ? round(800 + this.#speed * 14, 0) : 0,
      FuelLevel: round(this.#fuel, 1),
      Output1: this.#outputs[0],
      Output2: this.#outputs[1],
      Output3: this.#outputs[2],
      BinaryInput: this.#binaryInput,
    };
  }
}

const round = (value: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

function randomHex(random: Random, length: number): string {
  return Array.from({ length }, () => random.int(0, 15).toString(16).toUpperCase()).join('');
}
