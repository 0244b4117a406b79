import { describe, expect, it } from 'vitest';
import { DEFAULT_RTD_INTERVAL_DAYS, lastDownloadStatus } from './last-download';

const now = Date.parse('2026-11-22T12:00:00Z');
const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();

describe('lastDownloadStatus (Last Download cell)', () => {
  it("is 'none' without a download", () => {
    expect(lastDownloadStatus(null, 15, now)).toEqual({ kind: 'none' });
  });

  it("reads the 01-01-1900 sentinel as 'none', whatever the time zone wrote", () => {
    expect(lastDownloadStatus('1900-01-01T00:00:00.000Z', 15, now).kind).toBe('none');
    expect(lastDownloadStatus('1899-12-31T23:00:00.000Z', 15, now).kind).toBe('none');
    expect(lastDownloadStatus('1900-01-01T00:00:00+01:00', 15, now).kind).toBe('none');
  });

  it("is 'overdue' (red) when older than the RTDInterval in days, else 'recent' (green)", () => {
    expect(lastDownloadStatus(daysAgo(10), 7, now)).toEqual({
      kind: 'overdue',
      at: daysAgo(10),
    });
    expect(lastDownloadStatus(daysAgo(6.9), 7, now).kind).toBe('recent');
    expect(lastDownloadStatus(daysAgo(7.1), 7, now).kind).toBe('overdue');
  });

  it('uses the default interval for devices whose customer has none', () => {
    expect(lastDownloadStatus(daysAgo(DEFAULT_RTD_INTERVAL_DAYS - 1), null, now).kind).toBe(
      'recent',
    );
    expect(lastDownloadStatus(daysAgo(DEFAULT_RTD_INTERVAL_DAYS + 1), null, now).kind).toBe(
      'overdue',
    );
  });

  it("treats an unreadable date as 'none'", () => {
    expect(lastDownloadStatus('not a date', 15, now).kind).toBe('none');
  });
});
