import { dayjs } from '@app/lib/dayjs';

/** Spec 02 §2: the date 01-01-1900 stands for "no download recorded". */
const SENTINEL_YEAR = 1900;
/** The customer default of spec 02 §5, for devices whose customer has no RTDInterval. */
export const DEFAULT_RTD_INTERVAL_DAYS = 15;

export type LastDownloadStatus = { kind: 'none' } | { kind: 'overdue' | 'recent'; at: string };

/**
 * Colour rule of the Last Download cell (spec 02 "Devices page"): none recorded → 'none'
 * (warning), older than the RTDInterval in days → 'overdue' (red), else 'recent' (green).
 */
export function lastDownloadStatus(
  lastDownload: string | null,
  rtdIntervalDays: number | null,
  now: number = Date.now(),
): LastDownloadStatus {
  if (lastDownload === null) return { kind: 'none' };
  const at = dayjs(lastDownload);
  // Compared in UTC: midnight of 01-01-1900 UTC is still 1899 in time zones west of Greenwich.
  if (!at.isValid() || new Date(lastDownload).getUTCFullYear() <= SENTINEL_YEAR) {
    return { kind: 'none' };
  }
  const interval = rtdIntervalDays ?? DEFAULT_RTD_INTERVAL_DAYS;
  const overdue = at.add(interval, 'day').valueOf() < now;
  return { kind: overdue ? 'overdue' : 'recent', at: lastDownload };
}
