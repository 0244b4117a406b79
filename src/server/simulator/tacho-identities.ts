import { createHash } from 'node:crypto';
import { createRandom, type Random } from './random';

/**
 * Who a simulated tachograph says its vehicle and card holders are: fixed by the IMEI and the
 * card number alone, whatever the run's seed, so a vehicle's downloads always group under one
 * plate and a card under one driver. The demo seed's history uses the same identities, so the
 * simulator's downloads continue the demo's overviews instead of starting new rows.
 */
export interface TachoVehicle {
  vin: string;
  licensePlate: string;
  /** Alpha code of the registering member state. */
  nation: string;
}

export interface TachoCardHolder {
  firstNames: string;
  surname: string;
  /** Alpha code of the issuing member state. */
  nation: string;
}

/** A random stream fixed by a text. */
const randomOf = (text: string): Random =>
  createRandom(createHash('sha256').update(text).digest().readUInt32BE(0));

const VIN_CHARS = Array.from('ABCDEFGHJKLMNPRSTUVWXYZ0123456789');
const LETTERS = Array.from('BCDFGHJKLNPRSTVXZ');
const NATIONS = ['NL', 'DE', 'SE', 'BE'] as const;

/** A truck plate as the nation writes it: NL 'BX-123-Z', DE 'HH-AB 1234', SE 'ABC 12D', BE '1-ABC-234'. */
function plateOf(nation: string, random: Random): string {
  const letters = (n: number) => Array.from({ length: n }, () => random.pick(LETTERS)).join('');
  switch (nation) {
    case 'DE':
      return `${random.pick(['HH', 'HB', 'B', 'M', 'K'])}-${letters(2)} ${random.int(100, 9999)}`;
    case 'SE':
      return `${letters(3)} ${random.int(10, 99)}${letters(1)}`;
    case 'BE':
      return `${random.int(1, 2)}-${letters(3)}-${random.int(100, 999)}`;
    default:
      return `B${letters(1)}-${random.int(100, 999)}-${letters(1)}`;
  }
}

/** The device's vehicle as its tachograph knows it. */
export function vehicleOf(imei: string): TachoVehicle {
  const random = randomOf(`vehicle ${imei}`);
  const vin = Array.from({ length: 17 }, () => random.pick(VIN_CHARS)).join('');
  const nation = random.pick(NATIONS);
  return { vin, licensePlate: plateOf(nation, random), nation };
}

const FIRST_NAMES = [
  ...['Jan', 'Pieter', 'Sanne', 'Daan', 'Femke', 'Kees', 'Lotte', 'Ruud'],
  ...['Jonas', 'Lukas', 'Stefan', 'Anna', 'Katrin', 'Markus', 'Jürgen', 'Sabine'],
  ...['Erik', 'Lars', 'Anders', 'Karin', 'Johan', 'Sofia', 'Nils', 'Ingrid'],
];
const SURNAMES = [
  ...['de Vries', 'Jansen', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder'],
  ...['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Becker', 'Hoffmann', 'Wagner'],
  ...['Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Peeters'],
];

/** The driver holding a card. */
export function driverOf(cardNumber: string): TachoCardHolder {
  const random = randomOf(`driver ${cardNumber}`);
  return {
    firstNames: random.pick(FIRST_NAMES),
    surname: random.pick(SURNAMES),
    nation: random.pick(NATIONS),
  };
}
