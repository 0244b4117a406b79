import { luhnCheckDigit } from '@shared/devices/luhn';

/** A small seeded PRNG (mulberry32): the demo data is the same on every machine. */
export function createRandom(seed = 20261122) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  const digits = (n: number) => Array.from({ length: n }, () => String(int(0, 9))).join('');
  return { next, int, pick, digits, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof createRandom>;

// Type allocation codes of common telematics modems (Quectel, Telit, u-blox).
const TACS = ['86169204', '35852811', '35467108', '86730705'];

/** IMEI = TAC + serial + Luhn digit; `index` keeps serials unique across the fleet. */
export function imeiFor(index: number, random: Random): string {
  const body = random.pick(TACS) + String(index).padStart(6, '0');
  return body + String(luhnCheckDigit(body));
}

/** ICCID: 89 (telecom) + country + issuer + account + Luhn digit, 19 digits in all. */
export function iccidFor(random: Random): string {
  const body = `89${random.pick(['31', '44', '49', '46'])}${random.pick(['04', '20', '10'])}${random.digits(12)}`;
  return body + String(luhnCheckDigit(body));
}

// World manufacturer identifiers of truck and van makers (Volvo, Scania, DAF, MAN, Mercedes).
const WMIS = ['YV2', 'YS2', 'XLR', 'WMA', 'WDB', 'VF6'];
const VIN_CHARS = Array.from('ABCDEFGHJKLMNPRSTUVWXYZ0123456789');
const MODEL_YEARS = Array.from('MNPRSTV'); // 2021–2027
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const VIN_LETTER_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9];
const transliterate = (c: string): number =>
  /\d/.test(c) ? Number(c) : (VIN_LETTER_VALUES[VIN_LETTERS.indexOf(c)] ?? 0);

/** A 17-character VIN (no I, O or Q) with a valid ISO 3779 check digit in position 9. */
export function vinFor(random: Random): string {
  const chars = Array.from(random.pick(WMIS));
  while (chars.length < 17) chars.push(random.pick(VIN_CHARS));
  chars[9] = random.pick(MODEL_YEARS);
  const sum = chars.reduce((acc, c, i) => acc + transliterate(c) * (VIN_WEIGHTS[i] ?? 0), 0);
  chars[8] = sum % 11 === 10 ? 'X' : String(sum % 11);
  return chars.join('');
}
