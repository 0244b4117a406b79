import { TACHO_RULES, type TachoKind } from '@shared/tacho/tacho';
import { dayjs } from '@app/lib/dayjs';

/** A day as a date input holds it: YYYY-MM-DD, in the browser's time zone. */
export type DayText = string;

export interface PanelRange {
  from: DayText;
  to: DayText;
}

const DAY = 'YYYY-MM-DD';
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The side panel's default range (spec 03 §9): the last 3 months (vehicles) or 1 month
 * (drivers) through today.
 */
export function defaultPanelRange(kind: TachoKind, now: number = Date.now()): PanelRange {
  const today = dayjs(now);
  return {
    from: today.subtract(TACHO_RULES[kind].panelMonths, 'month').format(DAY),
    to: today.format(DAY),
  };
}

/** A range the inputs may hold half-typed: valid when both days parse and from ≤ to. */
export function isValidRange(range: PanelRange): boolean {
  if (!DAY_PATTERN.test(range.from) || !DAY_PATTERN.test(range.to)) return false;
  const from = dayjs(range.from);
  const to = dayjs(range.to);
  return from.isValid() && to.isValid() && !from.isAfter(to);
}

/**
 * The instants of `?from=&to=`: the start of the first day and the end of the last, local time,
 * so "through today" includes today's downloads.
 */
export function rangeQuery(range: PanelRange): { from: string; to: string } {
  return {
    from: dayjs(range.from).startOf('day').toISOString(),
    to: dayjs(range.to).endOf('day').toISOString(),
  };
}
