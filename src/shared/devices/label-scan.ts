import { isValidImei } from './luhn';

/**
 * What the text of a scanned device label names: an IMEI (15 digits, its Luhn digit right), an
 * ICCID (19–20 digits, a bare number only from 89, the telecom prefix; a trailing F pad dropped,
 * since the list search is "contains"), an IMEI whose check digit is wrong (misread or misprinted: not
 * searched), or nothing of either.
 */
export type LabelIdentifier =
  | { kind: 'imei'; value: string }
  | { kind: 'iccid'; value: string }
  | { kind: 'badImei'; value: string }
  | { kind: 'none' };

/** What a scan hands on to a search: an identifier worth looking up. */
export type ScannedIdentifier = Extract<LabelIdentifier, { kind: 'imei' | 'iccid' }>;

// "IMEI:356307042441013", "ICCID = 8931…F": a named field wins over a bare number, which may be
// an order number of the same length. CCID is how some SIM labels spell it.
const NAMED = /\b(IMEI|ICCID|CCID)\b[^0-9A-Za-z]{0,3}(\d[\d -]*\d[Ff]?)/gi;
// Bare runs of digits, whole: a 16-digit IMEISV or a 17-digit serial holds no IMEI.
const BARE = /(?<![\dA-Za-z])\d{15,20}[Ff]?(?![\dA-Za-z])/g;

/** An ICCID as labels print it: 19 or 20 digits, or 19 and an F pad. */
function asIccid(text: string): string | null {
  const digits = text.replace(/[Ff]$/, '');
  if (!/^\d{19,20}$/.test(digits)) return null;
  return digits;
}

interface Candidate {
  kind: 'imei' | 'iccid';
  value: string;
}

function namedCandidates(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const [, name = '', raw = ''] of text.matchAll(NAMED)) {
    // Printed IMEIs are grouped with spaces or dashes (35-630704-244101-3).
    const value = raw.replace(/[ -]/g, '');
    if (name.toUpperCase() === 'IMEI') {
      if (/^\d{15}$/.test(value)) found.push({ kind: 'imei', value });
    } else {
      const iccid = asIccid(value);
      if (iccid) found.push({ kind: 'iccid', value: iccid });
    }
  }
  return found;
}

function bareCandidates(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const [run] of text.matchAll(BARE)) {
    if (/^\d{15}$/.test(run)) found.push({ kind: 'imei', value: run });
    else if (run.startsWith('89')) {
      const iccid = asIccid(run);
      if (iccid) found.push({ kind: 'iccid', value: iccid });
    }
  }
  return found;
}

/**
 * The first IMEI that passes its check, else the first that does not (misread or misprinted:
 * the installer is told, rather than silently given a search by the label's other number), else
 * the first ICCID.
 */
function pick(candidates: readonly Candidate[]): LabelIdentifier | null {
  const imeis = candidates.filter((c) => c.kind === 'imei');
  const valid = imeis.find((c) => isValidImei(c.value));
  if (valid) return { kind: 'imei', value: valid.value };
  const bad = imeis[0];
  if (bad) return { kind: 'badImei', value: bad.value };
  return candidates.find((c) => c.kind === 'iccid') ?? null;
}

/**
 * The device identifier in a decoded barcode or QR code: a plain number (Code 128, Code 39),
 * a named field ("IMEI:…") or several fields in one QR code. The IMEI is preferred, since the
 * device is known by it; named fields are preferred over bare numbers.
 */
export function identifierFromLabel(text: string): LabelIdentifier {
  return pick(namedCandidates(text)) ?? pick(bareCandidates(text)) ?? { kind: 'none' };
}
