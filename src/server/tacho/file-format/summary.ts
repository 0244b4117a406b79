/**
 * What the reader tells about a file, and the ValidState it earns (spec 03 §4; the mapping is
 * docs/decisions/034-tacho-file-reader.md):
 *
 * - 44 unreadable: neither a vehicle unit nor a driver card download (garbage, empty, other).
 * - 2 not ok: recognised, but truncated or with data that does not follow the layout.
 * - 3 signature not ok: structure complete, but a signature block is missing, of the wrong size
 *   or blank. Signatures are only checked for presence and size: verifying them needs the
 *   ERCA / member-state certificate chain, which the portal does not hold.
 * - 12 interim not ok: complete and signed, but the identification (VIN and plate, card number
 *   and name) or the block holding the period (VU overview, card activity) is missing.
 * - 11 interim ok: complete, signed and identified, but it covers no period (e.g. a new card
 *   without activity days); the record gets the unknown period.
 * - 1 ok: all of the above present.
 */
import type { TachoKind } from '@shared/tacho/tacho';
import { VALID_STATES } from '@shared/tacho/tacho';

export interface TachoFileSummary {
  /** 1 vehicle unit, 2 driver card, null unreadable. */
  kind: TachoKind | null;
  generation: 1 | 2 | null;
  vin: string | null;
  licensePlate: string | null;
  nation: string | null;
  cardNumber: string | null;
  /** "Firstnames Surname". */
  driverName: string | null;
  /** null = unknown period. */
  periodFrom: Date | null;
  periodTo: Date | null;
  validState: number;
  /** Short fixed texts, never file content. */
  problems: string[];
}

/** What a format reader found, before the ValidState is decided. */
export interface Findings {
  kind: TachoKind;
  generation: 1 | 2 | null;
  vin: string | null;
  licensePlate: string | null;
  nation: string | null;
  cardNumber: string | null;
  driverName: string | null;
  periodFrom: Date | null;
  periodTo: Date | null;
  /** Ran past the end of the file, or a block broke the layout. */
  broken: boolean;
  /** A signed block without a signature of the right size. */
  badSignature: boolean;
  /** The identification or the period block is missing. */
  incomplete: boolean;
  problems: string[];
}

export const newFindings = (kind: TachoKind): Findings => ({
  kind,
  generation: null,
  vin: null,
  licensePlate: null,
  nation: null,
  cardNumber: null,
  driverName: null,
  periodFrom: null,
  periodTo: null,
  broken: false,
  badSignature: false,
  incomplete: false,
  problems: [],
});

/** Adds a problem once (a file with a thousand bad blocks still gets a short list). */
export function problem(findings: Findings, text: string): void {
  if (!findings.problems.includes(text) && findings.problems.length < 10)
    findings.problems.push(text);
}

export function unreadable(text: string): TachoFileSummary {
  return {
    kind: null,
    generation: null,
    vin: null,
    licensePlate: null,
    nation: null,
    cardNumber: null,
    driverName: null,
    periodFrom: null,
    periodTo: null,
    validState: VALID_STATES.unreadable,
    problems: [text],
  };
}

export function summarise(f: Findings): TachoFileSummary {
  // A period only counts whole and in order; anything else is the unknown period.
  let { periodFrom, periodTo } = f;
  if (!periodFrom || !periodTo || periodFrom.getTime() > periodTo.getTime()) {
    if (periodFrom || periodTo) problem(f, 'period not readable');
    periodFrom = null;
    periodTo = null;
  }
  const identified =
    f.kind === 1
      ? f.vin !== null && f.licensePlate !== null
      : f.cardNumber !== null && f.driverName !== null;
  if (!identified) problem(f, 'identification missing');
  const validState = f.broken
    ? VALID_STATES.notOk
    : f.badSignature
      ? VALID_STATES.signatureNotOk
      : f.incomplete || !identified
        ? VALID_STATES.interimNotOk
        : periodFrom
          ? VALID_STATES.ok
          : VALID_STATES.interimOk;
  return {
    kind: f.kind,
    generation: f.generation,
    vin: f.vin,
    licensePlate: f.licensePlate,
    nation: f.nation,
    cardNumber: f.cardNumber,
    driverName: f.driverName,
    periodFrom,
    periodTo,
    validState,
    problems: f.problems,
  };
}
