/**
 * The state graph's series (spec 03 §2 "State Graph"), written once: the server counts with
 * these thresholds and the screen states them. No valibot here.
 *
 * - By law: days left (tacho.ts `tachoDaysLeft`) above SoonDays → Available; 0 … SoonDays →
 *   Soon Available; overdue, or the unknown period → Not on Schedule.
 * - Planned RDL: whole days until the next remote download (`tachoNextRdl`) above SoonDays →
 *   Available; 0 … SoonDays → Soon Available; past, or unknown → Not on Schedule.
 *
 * SoonDays is the caller's customer's scheduler threshold (`customers.tacho_request_days`,
 * default 7): the screen's "soon" is the same "soon" at which the portal requests a download.
 */
import {
  TACHO_RULES,
  isUnknownPeriod,
  wholeDaysUntil,
  type TachoDaysLeft,
  type TachoKind,
} from './tacho';

export type TachoStateSeries = 'Available' | 'SoonAvailable' | 'NotOnSchedule';

/** Labels of the series as the chart shows them. */
export const TACHO_STATE_LABELS: Record<TachoStateSeries, string> = {
  Available: 'Available',
  SoonAvailable: 'Soon Available',
  NotOnSchedule: 'Not on Schedule',
};

const DAY_MS = 86_400_000;

/** The series of whole days left (null: unknown period); overdue is never on schedule. */
export function tachoStateOf(left: TachoDaysLeft | null, soonDays: number): TachoStateSeries {
  if (left === null || left.overdue) return 'NotOnSchedule';
  return left.days > soonDays ? 'Available' : 'SoonAvailable';
}

/** Whole days until the next remote download, counted as days left are; null if unknown. */
export function tachoRdlDaysLeft(
  kind: TachoKind,
  periodTo: string,
  now = Date.now(),
): TachoDaysLeft | null {
  if (isUnknownPeriod(periodTo)) return null;
  return wholeDaysUntil(Date.parse(periodTo) + TACHO_RULES[kind].rdlDays * DAY_MS, now);
}

/**
 * The same thresholds as bounds on a record's data end (`period_to`), so a database can count
 * without computing days per row: a known period ending at or after `availableFrom` is
 * Available, at or after `soonFrom` (and before `availableFrom`) Soon Available, else Not on
 * Schedule. `days` is 90/30 (by law) or 28/14 (planned RDL).
 */
export function tachoStateBounds(
  days: number,
  soonDays: number,
  now = Date.now(),
): { availableFrom: Date; soonFrom: Date } {
  // Not overdue: whole days left = floor((end + days - now) / day), so
  //   whole days left > soon  ⇔  end ≥ now − days + (soon + 1) days
  //   not overdue             ⇔  end ≥ now − days
  return {
    availableFrom: new Date(now + (soonDays + 1 - days) * DAY_MS),
    soonFrom: new Date(now - days * DAY_MS),
  };
}
