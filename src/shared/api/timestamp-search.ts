/**
 * The Log's TimeStamp search (spec 02 "Log page"): the text is a date/time prefix as the table
 * shows it, `DD-MM-YYYY[ HH[:mm[:ss]]]`, and matches the entries of that day, hour, minute or
 * second. The table shows times in the browser's timezone, so the browser turns the typed prefix
 * into the instant range it means there (`toTimestampSearchText`) and sends
 * `{fromISO}~{toISO}` (half-open, UTC). A prefix typed straight into the API (no range) is read
 * in UTC. No valibot needed: plain functions, used by the client and the server alike.
 */

export interface TimestampPrefix {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
}

export interface InstantRange {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
}

const PREFIX = /^(\d{2})-(\d{2})-(\d{4})(?: (\d{2})(?::(\d{2})(?::(\d{2}))?)?)?$/;
const RANGE_SEPARATOR = '~';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

const optional = (text: string | undefined) => (text === undefined ? undefined : Number(text));

/** The prefix the text is, or null when it is not a real date/time in that form. */
export function parseTimestampPrefix(text: string): TimestampPrefix | null {
  const match = PREFIX.exec(text.trim());
  if (!match) return null;
  const [, dd, mm, yyyy, hh, mi, ss] = match;
  const prefix: TimestampPrefix = {
    year: Number(yyyy),
    month: Number(mm),
    day: Number(dd),
    hour: optional(hh),
    minute: optional(mi),
    second: optional(ss),
  };
  const { year, month, day, hour = 0, minute = 0, second = 0 } = prefix;
  // Date.UTC rolls 31-02 over into March: a date that changes is not a real one.
  const check = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const real =
    // From 1000 on: the Date constructors read years below 100 as 19xx.
    year >= 1000 &&
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  return real ? prefix : null;
}

/**
 * The instants a prefix covers in UTC or in this runtime's local timezone. The end adds one of
 * the last unit given on the calendar of that zone, so a day across a DST change is 23 or 25 h.
 */
export function prefixRange(prefix: TimestampPrefix, zone: 'utc' | 'local'): InstantRange {
  const { year, month, day, hour, minute, second } = prefix;
  const parts = [year, month - 1, day, hour ?? 0, minute ?? 0, second ?? 0] as const;
  const next = [...parts] as [number, number, number, number, number, number];
  const last = second !== undefined ? 5 : minute !== undefined ? 4 : hour !== undefined ? 3 : 2;
  next[last] += 1;
  const at = (p: readonly [number, number, number, number, number, number]) =>
    zone === 'utc' ? new Date(Date.UTC(...p)) : new Date(...p);
  return { from: at(parts), to: at(next) };
}

/** The wire form of a range: `{fromISO}~{toISO}`. */
export const formatInstantRange = ({ from, to }: InstantRange): string =>
  `${from.toISOString()}${RANGE_SEPARATOR}${to.toISOString()}`;

/** What the browser sends for the typed text: the local range of a prefix, else the text. */
export function toTimestampSearchText(text: string): string {
  const prefix = parseTimestampPrefix(text);
  return prefix ? formatInstantRange(prefixRange(prefix, 'local')) : text;
}

/** The range a TimestampSearch text names (a sent range, or a prefix in UTC); null if none. */
export function timestampSearchRange(text: string): InstantRange | null {
  const parts = text.trim().split(RANGE_SEPARATOR);
  if (parts.length === 2) {
    const [from, to] = parts.map((p) => (ISO_INSTANT.test(p) ? new Date(p) : null));
    if (!from || !to || Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return null;
    return from < to ? { from, to } : null;
  }
  const prefix = parseTimestampPrefix(text);
  return prefix ? prefixRange(prefix, 'utc') : null;
}
