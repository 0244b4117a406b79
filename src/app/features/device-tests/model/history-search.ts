import type { DeviceTestResult } from '@shared/devices/device-tests';
import { formatListDate, searchRows } from '@app/components/list';

/** Spec 03 §2: the overview searches Customer, IMEI, User, TimeStamp and TestResult. */
export const HISTORY_SEARCH_FIELDS = [
  'Customer',
  'IMEI',
  'User',
  'TimeStamp',
  'TestResult',
] as const;

/** The texts a result is found by; the time stamp as the list shows it (DD-MM-YYYY HH:mm). */
export const historyTexts = (r: DeviceTestResult): string[] => [
  r.CustomerName,
  r.IMEI,
  r.UserEmail,
  formatListDate(r.TimeStamp),
  r.TestResult,
];

/** Results where any of those fields contains the text, case-insensitively. */
export function filterResults(
  results: readonly DeviceTestResult[],
  text: string,
): readonly DeviceTestResult[] {
  return searchRows(results, historyTexts, text);
}
