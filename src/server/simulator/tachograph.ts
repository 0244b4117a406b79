import { createHash } from 'node:crypto';
import { TACHO_COMMANDS, TACHO_KINDS, type TachoKind } from '../../shared/tacho';
import { buildDriverCardFile, buildVehicleUnitFile } from '../tacho/file-format';
import { createRandom, type Random } from './random';

/**
 * The simulated vehicle's tachograph: it answers the remote download commands of
 * docs/device-protocol.md ("Tachograph files") with a file built as a real vehicle unit or
 * driver card gives it. Plate and VIN are fixed per device and the driver per card, whatever
 * the run's seed, so a vehicle's downloads always group under one plate.
 */
export type TachoCommand =
  { kind: typeof TACHO_KINDS.vehicle } | { kind: typeof TACHO_KINDS.driver; cardNumber: string };

const CARD_PREFIX = TACHO_COMMANDS.driverCard('');

/** The remote download a modem command asks for, or null for any other command. */
export function tachoCommandOf(command: string): TachoCommand | null {
  const text = command.trim();
  if (text === TACHO_COMMANDS.massMemory) return { kind: TACHO_KINDS.vehicle };
  if (text.startsWith(CARD_PREFIX)) {
    const cardNumber = text.slice(CARD_PREFIX.length).trim();
    if (cardNumber) return { kind: TACHO_KINDS.driver, cardNumber };
  }
  return null;
}

/** A random stream fixed by a text (the IMEI, the card number). */
const randomOf = (text: string): Random =>
  createRandom(createHash('sha256').update(text).digest().readUInt32BE(0));

const VIN_CHARS = Array.from('ABCDEFGHJKLMNPRSTUVWXYZ0123456789');
const PLATE_LETTERS = Array.from('BDFGHJKLNPRSTVXZ');
const NATIONS = ['NL', 'DE', 'SE', 'BE'] as const;
const FIRST = ['Jan', 'Anna', 'Lars', 'Sofia', 'Jonas', 'Femke', 'Erik', 'Katrin', 'Daan', 'Nils'];
const LAST = ['de Vries', 'Müller', 'Andersson', 'Jansen', 'Schmidt', 'Nilsson', 'Peeters'];

export interface TachoVehicle {
  vin: string;
  licensePlate: string;
  nation: string;
}

/** The device's vehicle as its tachograph knows it. */
export function vehicleOf(imei: string): TachoVehicle {
  const random = randomOf(`vehicle ${imei}`);
  const vin = Array.from({ length: 17 }, () => random.pick(VIN_CHARS)).join('');
  const letter = () => random.pick(PLATE_LETTERS);
  return {
    vin,
    licensePlate: `S${letter()}-${random.int(100, 999)}-${letter()}${letter()}`,
    nation: random.pick(NATIONS),
  };
}

export interface TachoCardHolder {
  firstNames: string;
  surname: string;
  nation: string;
}

/** The driver holding a card. */
export function driverOf(cardNumber: string): TachoCardHolder {
  const random = randomOf(`driver ${cardNumber}`);
  return {
    firstNames: random.pick(FIRST),
    surname: random.pick(LAST),
    nation: random.pick(NATIONS),
  };
}

const DAY_MS = 86_400_000;

/** The file a remote download gives: the last 28 days up to now, generation 2 (smart tachograph). */
export function tachoFileFor(
  command: TachoCommand,
  vehicle: TachoVehicle,
  now: Date,
): { kind: TachoKind; bytes: Uint8Array } {
  const from = new Date(now.getTime() - 28 * DAY_MS);
  // A few days of activity keep the files small; the period is the whole 28 days.
  const size = { activityDays: 3 };
  if (command.kind === TACHO_KINDS.vehicle)
    return {
      kind: command.kind,
      bytes: buildVehicleUnitFile({
        generation: 2,
        ...vehicle,
        from,
        to: now,
        ...size,
        speedMinutes: 60,
      }),
    };
  return {
    kind: command.kind,
    bytes: buildDriverCardFile({
      generation: 2,
      cardNumber: command.cardNumber,
      ...driverOf(command.cardNumber),
      from,
      to: now,
      ...size,
    }),
  };
}
