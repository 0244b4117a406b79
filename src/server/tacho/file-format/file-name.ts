/**
 * The customary names of download files: M_<date>_<time>_<plate>_<VIN>.ddd for a vehicle unit,
 * C_<date>_<time>_<initial>_<surname>_<card number>.ddd for a driver card (the date and time of
 * the upload, UTC). Parts are reduced to ASCII letters, digits and '-', so the name is safe in
 * a Content-Disposition header and on any file system. Stored, a name ends in the file's id
 * (`storedFileName`): two uploads in the same minute would otherwise share one (decision 053).
 */
import type { TachoFileSummary } from './summary';

const MAX_LENGTH = 120;
const PART_MAX = 30;

/** ASCII letters and digits of a text ('Müller' → 'Muller'), other runs as '-'; or `empty`. */
function part(text: string | null | undefined, empty: string): string {
  const ascii = (text ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PART_MAX)
    .replace(/-+$/, '');
  return ascii === '' ? empty : ascii;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** The name before the id: the convention's parts (`storedFileName` adds the id). */
export function tachoFileName(summary: TachoFileSummary, uploadedAt: Date): string {
  const d = Number.isNaN(uploadedAt.getTime()) ? new Date(0) : uploadedAt;
  const stamp = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}_${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`;
  let parts: string[];
  if (summary.kind === 1) {
    parts = [
      'M',
      stamp,
      part(summary.licensePlate?.replace(/[\s-]/g, ''), 'NoPlate'),
      part(summary.vin, 'NoVIN'),
    ];
  } else if (summary.kind === 2) {
    const [first = '', ...rest] = (summary.driverName ?? '').split(' ');
    // driverName is "Firstnames Surname": the surname is the last word (or all, if one word).
    const surname = rest.length ? rest[rest.length - 1] : first;
    const initial = rest.length ? first.slice(0, 1) : '';
    parts = [
      'C',
      stamp,
      part(initial, 'X'),
      part(surname, 'Unknown'),
      part(summary.cardNumber, 'NoCard'),
    ];
  } else parts = ['U', stamp, 'unreadable'];
  return `${parts.join('_')}.ddd`.slice(0, MAX_LENGTH);
}

/**
 * The name a record is stored under: the convention's name with the record's id as its last part
 * (`M_20261124_1530_NoPlate_NoVIN_4711.ddd`), so every file has a name of its own, however many
 * arrive in one minute. The convention's part is shortened, never the id, to stay in MAX_LENGTH.
 */
export function storedFileName(name: string, id: number): string {
  const dot = name.lastIndexOf('.');
  const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  const suffix = `_${String(id)}${extension}`;
  return `${base.slice(0, MAX_LENGTH - suffix.length)}${suffix}`;
}
