/** The id ranges of the columns, apart from ids.ts's schemas so route files can parse an id cheaply. */

/** PostgreSQL `serial` (int4) ids: 1 … 2³¹−1. */
export const MAX_SERIAL_ID = 2_147_483_647;
/** `bigserial` ids as JavaScript numbers carry them exactly: 1 … 2⁵³−1. */
export const MAX_BIGSERIAL_ID = Number.MAX_SAFE_INTEGER;

/** The canonical text form of a uuid (8-4-4-4-12 hex digits), any case. */
export const UUID_PATTERN = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/** `[a-b]` of one digit position, written as short as it goes. */
function digitRange(from: number, to: number): string {
  if (from === to) return String(from);
  return from === 0 && to === 9 ? '\\d' : `[${String(from)}-${String(to)}]`;
}

/** `\d{n}` (nothing for n = 0). */
const anyDigits = (count: number): string =>
  count === 0 ? '' : count === 1 ? '\\d' : `\\d{${String(count)}}`;

/**
 * The regular-expression source (no anchors, no groups to capture) of exactly the decimal numbers
 * 1 … `max` without leading zeros: every shorter number, then each prefix of `max` followed by a
 * smaller digit and any digits, then `max` itself. An id pattern the OpenAPI document shows is
 * then the server's whole rule, so '2147483648' fails the pattern as it fails the server.
 */
export function wholeNumberPatternSource(max: number): string {
  if (!Number.isSafeInteger(max) || max < 1) throw new Error(`No id range up to ${String(max)}`);
  const digits = String(max);
  const width = digits.length;
  const alternatives: string[] = [];
  const shorter = width - 2;
  if (width > 1)
    alternatives.push(
      `[1-9]${shorter === 0 ? '' : shorter === 1 ? '\\d?' : `\\d{0,${String(shorter)}}`}`,
    );
  for (let at = 0; at < width; at += 1) {
    const digit = Number(digits[at]);
    const lowest = at === 0 ? 1 : 0;
    const last = at === width - 1;
    // The last position may be max's own digit; before it, a smaller digit frees the rest.
    const highest = last ? digit : digit - 1;
    if (highest < lowest) continue;
    alternatives.push(
      `${digits.slice(0, at)}${digitRange(lowest, highest)}${anyDigits(width - at - 1)}`,
    );
  }
  return `(?:${alternatives.join('|')})`;
}

/** Decimal text of 1 … `max` (no sign, no leading zeros), anchored. */
export const wholeNumberPattern = (max: number): RegExp =>
  new RegExp(`^${wholeNumberPatternSource(max)}$`);

/** Text of a serial id: '1' … '2147483647'. */
export const SERIAL_ID_PATTERN = wholeNumberPattern(MAX_SERIAL_ID);
/** Text of a bigserial id: '1' … '9007199254740991'. */
export const BIGSERIAL_ID_PATTERN = wholeNumberPattern(MAX_BIGSERIAL_ID);
