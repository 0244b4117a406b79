import { TACHO_KINDS, TACHO_RULES } from '@shared/tacho/tacho';
import type { TachoStateCounts } from '@shared/tacho/tacho-lists';
import { TACHO_STATE_LABELS, type TachoStateSeries } from '@shared/tacho/tacho-state';

/** The state graph's series (spec 03 §2), in stacking order. */
export const SERIES = (['Available', 'SoonAvailable', 'NotOnSchedule'] as const).map((key) => ({
  key,
  label: TACHO_STATE_LABELS[key],
}));
export type SeriesKey = TachoStateSeries;

export interface Segment {
  key: SeriesKey;
  label: string;
  count: number;
  /** Whole percent; the segments of a bar add up to 100 (0 for an empty bar). */
  percent: number;
}

/**
 * A stacked percent bar: each series' share in whole percent, by largest remainder so the
 * shares always add up to 100 (three thirds read 34, 33, 33, never 99).
 */
export function percentSegments(counts: TachoStateCounts): Segment[] {
  const total = SERIES.reduce((n, s) => n + Math.max(0, counts[s.key]), 0);
  const exact = SERIES.map((s) => (total === 0 ? 0 : (Math.max(0, counts[s.key]) * 100) / total));
  const percents = exact.map(Math.floor);
  let left = total === 0 ? 0 : 100 - percents.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((value, i) => ({ i, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    percents[i] = (percents[i] ?? 0) + 1;
    left -= 1;
  }
  return SERIES.map((s, i) => ({
    key: s.key,
    label: s.label,
    count: Math.max(0, counts[s.key]),
    percent: percents[i] ?? 0,
  }));
}

const vehicle = TACHO_RULES[TACHO_KINDS.vehicle];
const driver = TACHO_RULES[TACHO_KINDS.driver];

/** The thresholds the screen states under each chart, for the server's SoonDays. */
export function thresholds(soonDays: number) {
  const soon = String(soonDays);
  return {
    byLaw:
      `Days left until the legal limit (${String(vehicle.legalDays)} days after a vehicle's ` +
      `data end, ${String(driver.legalDays)} after a driver's). Available: more than ${soon} ` +
      `days left. Soon Available: 0 to ${soon} days left. Not on Schedule: overdue, or the ` +
      `period is unknown.`,
    plannedRdl:
      `Next remote download (data end + ${String(vehicle.rdlDays)} days for a vehicle, ` +
      `+ ${String(driver.rdlDays)} for a driver). Available: more than ${soon} days ahead. ` +
      `Soon Available: within ${soon} days. Not on Schedule: past, or the period is unknown.`,
  };
}
