import { describe, expect, it } from 'vitest';
import {
  parseTimestampPrefix,
  prefixRange,
  timestampSearchRange,
  toTimestampSearchText,
} from './timestamp-search';

const iso = (r: { from: Date; to: Date } | null) => r && [r.from.toISOString(), r.to.toISOString()];

describe('the Log TimeStamp search', () => {
  it('reads DD-MM-YYYY[ HH[:mm[:ss]]] and refuses what is not a real moment', () => {
    expect(parseTimestampPrefix('05-01-2024 10:07')).toEqual({
      year: 2024,
      month: 1,
      day: 5,
      hour: 10,
      minute: 7,
      second: undefined,
    });
    for (const bad of ['31-02-2024', '05-13-2024', '05-01-2024 24', '2024-01-05', '5-1-2024'])
      expect(parseTimestampPrefix(bad), bad).toBeNull();
  });

  it('covers the day, hour, minute or second given, across month and year ends', () => {
    expect(iso(timestampSearchRange('31-12-2024'))).toEqual([
      '2024-12-31T00:00:00.000Z',
      '2025-01-01T00:00:00.000Z',
    ]);
    expect(iso(timestampSearchRange('29-02-2024 23'))).toEqual([
      '2024-02-29T23:00:00.000Z',
      '2024-03-01T00:00:00.000Z',
    ]);
    expect(iso(timestampSearchRange('05-01-2024 10:59:59'))).toEqual([
      '2024-01-05T10:59:59.000Z',
      '2024-01-05T11:00:00.000Z',
    ]);
  });

  it('sends the local range from the browser and reads it back on the server', () => {
    const local = prefixRange({ year: 2024, month: 1, day: 5 }, 'local');
    const sent = toTimestampSearchText('05-01-2024');
    expect(iso(timestampSearchRange(sent))).toEqual(iso(local));
    expect(toTimestampSearchText('not a date')).toBe('not a date');
    expect(timestampSearchRange('2024-01-05T10:00:00.000Z~2024-01-05T09:00:00.000Z')).toBeNull();
    expect(timestampSearchRange('x~y')).toBeNull();
  });
});
