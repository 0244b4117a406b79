// Licence plates and drivers of the demo's tachograph history, per customer country.
import type { Random } from './random';

const LETTERS = 'BCDFGHJKLNPRSTVXZ';
const letters = (random: Random, n: number) =>
  Array.from({ length: n }, () => random.pick(Array.from(LETTERS))).join('');

/** A plausible truck plate of the country: NL 'BX-123-Z', DE 'HH-AB 1234', SE 'ABC 12D'. */
export function plateFor(country: string, random: Random): string {
  switch (country) {
    case 'DE':
      return `${random.pick(['HH', 'HB', 'B', 'M', 'K'])}-${letters(random, 2)} ${random.int(100, 9999)}`;
    case 'SE':
      return `${letters(random, 3)} ${random.int(10, 99)}${letters(random, 1)}`;
    default:
      return `B${letters(random, 1)}-${random.int(100, 999)}-${letters(random, 1)}`;
  }
}

const FIRST_NAMES: Record<string, readonly string[]> = {
  DE: ['Jonas', 'Lukas', 'Stefan', 'Anna', 'Katrin', 'Markus', 'Tobias', 'Jürgen', 'Sabine'],
  SE: ['Erik', 'Lars', 'Anders', 'Karin', 'Johan', 'Sofia', 'Mikael', 'Nils', 'Ingrid'],
  NL: ['Jan', 'Pieter', 'Sanne', 'Daan', 'Bram', 'Femke', 'Kees', 'Ruud', 'Lotte'],
};
const SURNAMES: Record<string, readonly string[]> = {
  DE: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Becker', 'Hoffmann', 'Wagner'],
  SE: ['Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Olsson'],
  NL: ['de Vries', 'Jansen', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder'],
};

export interface DemoDriver {
  firstNames: string;
  surname: string;
  cardNumber: string;
}

/** `n` drivers with distinct names and card numbers ('DF' + 12 digits + replacement, renewal). */
export function driversFor(country: string, n: number, random: Random): DemoDriver[] {
  const firsts = FIRST_NAMES[country] ?? FIRST_NAMES.NL ?? [];
  const lasts = SURNAMES[country] ?? SURNAMES.NL ?? [];
  const drivers = new Map<string, DemoDriver>();
  while (drivers.size < n) {
    const firstNames = random.pick(firsts);
    const surname = random.pick(lasts);
    // Distinct as the Driver Overview groups them: "Firstnames Surname", the reader's form.
    const name = `${firstNames} ${surname}`;
    if (!drivers.has(name))
      drivers.set(name, {
        firstNames,
        surname,
        cardNumber: `${country.slice(0, 1)}${random.digits(13)}0${random.int(0, 3)}`,
      });
  }
  return [...drivers.values()];
}
