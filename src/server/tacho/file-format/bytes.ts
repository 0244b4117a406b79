/**
 * Bounds-checked big-endian reads for the tachograph reader. Every value in the download
 * formats is big-endian (Annex 1B/1C Appendix 1, "INTEGER" and "OCTET STRING" types). A read
 * past the end returns -1 (numbers) or null (times) instead of throwing, so the callers decide
 * what a short file means; nothing here copies bytes.
 */

export const u8 = (b: Uint8Array, at: number): number =>
  at >= 0 && at < b.length ? (b[at] ?? 0) : -1;

export function u16(b: Uint8Array, at: number): number {
  if (at < 0 || at + 2 > b.length) return -1;
  return ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
}

export function u32(b: Uint8Array, at: number): number {
  if (at < 0 || at + 4 > b.length) return -1;
  return (
    (((b[at] ?? 0) << 24) >>> 0) +
    (((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0))
  );
}

/** True when `length` bytes from `at` lie inside the buffer. */
export const fits = (b: Uint8Array, at: number, length: number): boolean =>
  at >= 0 && length >= 0 && at + length <= b.length;

/** Dates before this are not a tachograph's (the unknown-period marker is 1990-01-01). */
const EARLIEST_MS = Date.UTC(1990, 0, 2);
/** Nor after this: a corrupt or unset TimeReal ('FFFFFFFF'H) lands beyond it. */
const LATEST_MS = Date.UTC(2100, 0, 1);

/**
 * TimeReal (Annex 1B Appendix 1 §2.162): seconds since 1970-01-01 00:00 UTC, 4 bytes. Zero,
 * 'FFFFFFFF'H and values outside 1990–2100 mean "no time" (null).
 */
export function timeReal(b: Uint8Array, at: number): Date | null {
  const seconds = u32(b, at);
  if (seconds <= 0) return null;
  const ms = seconds * 1000;
  return ms < EARLIEST_MS || ms >= LATEST_MS ? null : new Date(ms);
}

/** True when every byte of the range is the same filler (00 or FF): an unwritten value. */
export function isBlank(b: Uint8Array, at: number, length: number): boolean {
  if (!fits(b, at, length) || length === 0) return true;
  const first = b[at] ?? 0;
  if (first !== 0x00 && first !== 0xff) return false;
  for (let i = at + 1; i < at + length; i++) if (b[i] !== first) return false;
  return true;
}
