/**
 * EF Driver_Activity_Data (FID '0504'H; Annex 1B Appendix 1 §2.17 CardDriverActivity, same in
 * Annex 1C): activityPointerOldestDayRecord (2), activityPointerNewestRecord (2), then a cyclic
 * buffer of CardActivityDailyRecords (§2.9): activityPreviousRecordLength (2),
 * activityRecordLength (2), activityRecordDate (TimeReal), activityDailyPresenceCounter (BCD 2),
 * activityDayDistance (2), ActivityChangeInfo (2 each). A record may wrap around the buffer's
 * end. The period is the dates of the oldest and newest records.
 */
import { u16 } from './bytes';

/** Record header: previous length, length, date, presence counter, distance. */
export const DAILY_RECORD_HEADER = 12;

export type ActivityPeriod = { from: Date; to: Date } | null | 'broken';

/** Reads from the cyclic buffer at `base` (`size` bytes) at offset `pos`, wrapping. */
function cyclicU16(b: Uint8Array, base: number, size: number, pos: number): number {
  return ((b[base + (pos % size)] ?? 0) << 8) | (b[base + ((pos + 1) % size)] ?? 0);
}

function cyclicDate(b: Uint8Array, base: number, size: number, pos: number): number {
  const seconds = cyclicU16(b, base, size, pos) * 65536 + cyclicU16(b, base, size, pos + 2);
  return seconds * 1000;
}

const EARLIEST_MS = Date.UTC(1990, 0, 2);
const LATEST_MS = Date.UTC(2100, 0, 1);

/**
 * Walks from the newest record back along activityPreviousRecordLength to the oldest pointer.
 * Null when the card holds no day; 'broken' when the pointers or the newest record do not fit
 * the buffer. Stops (keeping what it read) at a record that breaks the chain: a length that
 * does not fit, or a date not older than the one after it.
 */
export function readActivityPeriod(b: Uint8Array, at: number, length: number): ActivityPeriod {
  if (length < 4 || at + length > b.length) return 'broken';
  const oldest = u16(b, at);
  const newest = u16(b, at + 2);
  const base = at + 4;
  const size = length - 4;
  if (size < DAILY_RECORD_HEADER) return size === 0 ? null : 'broken';
  if (oldest >= size || newest >= size) return 'broken';
  let pos = newest;
  let newestMs = -1;
  let oldestMs = -1;
  // Each record takes at least a header, so a longer walk is going round in circles.
  for (let step = 0; step <= size / DAILY_RECORD_HEADER; step++) {
    const previousLength = cyclicU16(b, base, size, pos);
    const recordLength = cyclicU16(b, base, size, pos + 2);
    if (recordLength < DAILY_RECORD_HEADER || recordLength > size) break;
    const ms = cyclicDate(b, base, size, pos + 4);
    if (ms < EARLIEST_MS || ms >= LATEST_MS || (oldestMs >= 0 && ms >= oldestMs)) break;
    if (newestMs < 0) newestMs = ms;
    oldestMs = ms;
    if (pos === oldest || previousLength < DAILY_RECORD_HEADER || previousLength > size) break;
    pos = (pos - previousLength + size) % size;
  }
  return newestMs < 0 ? null : { from: new Date(oldestMs), to: new Date(newestMs) };
}
