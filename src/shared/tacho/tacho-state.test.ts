import { describe, expect, it } from 'vitest';
import { TACHO_KINDS, TACHO_RULES, TACHO_UNKNOWN_PERIOD, tachoDaysLeft } from './tacho';
import * as v from 'valibot';
import { TachoPanelRangeQuerySchema, tachoPanelDefaults } from './tacho-schemas';
import {
  tachoRdlDaysLeft,
  tachoStateBounds,
  tachoStateOf,
  type TachoStateSeries,
} from './tacho-state';

const DAY = 86_400_000;
const NOW = Date.parse('2025-06-15T10:30:00.000Z');

/** The series the database's bounds give a data end (what the state graph counts). */
function byBounds(days: number, soonDays: number, end: number): TachoStateSeries {
  const { availableFrom, soonFrom } = tachoStateBounds(days, soonDays, NOW);
  if (end >= availableFrom.getTime()) return 'Available';
  return end >= soonFrom.getTime() ? 'SoonAvailable' : 'NotOnSchedule';
}

describe('the state graph thresholds', () => {
  it('classify days left: above SoonDays, 0 … SoonDays, below 0 or unknown', () => {
    const left = (days: number, overdue = false) => ({ days, overdue });
    expect(tachoStateOf(left(8), 7)).toBe('Available');
    expect(tachoStateOf(left(7), 7)).toBe('SoonAvailable');
    expect(tachoStateOf(left(0), 7)).toBe('SoonAvailable');
    // The first day past due reads 0 days, and is overdue all the same.
    expect(tachoStateOf(left(0, true), 7)).toBe('NotOnSchedule');
    expect(tachoStateOf(left(-1, true), 7)).toBe('NotOnSchedule');
    expect(tachoStateOf(null, 7)).toBe('NotOnSchedule');
  });

  it('as bounds on the data end agree with the days, hour by hour, for both kinds and rules', () => {
    for (const kind of [TACHO_KINDS.vehicle, TACHO_KINDS.driver]) {
      for (const soonDays of [0, 7, 12]) {
        for (let hours = -130 * 24; hours <= 10 * 24; hours += 1) {
          const end = NOW + hours * 3_600_000 + 1234;
          const iso = new Date(end).toISOString();
          const law = tachoStateOf(tachoDaysLeft(kind, iso, NOW), soonDays);
          expect(byBounds(TACHO_RULES[kind].legalDays, soonDays, end), iso).toBe(law);
          const rdl = tachoStateOf(tachoRdlDaysLeft(kind, iso, NOW), soonDays);
          expect(byBounds(TACHO_RULES[kind].rdlDays, soonDays, end), iso).toBe(rdl);
        }
      }
    }
  });

  it('count the unknown period as Not on Schedule', () => {
    expect(tachoRdlDaysLeft(TACHO_KINDS.driver, TACHO_UNKNOWN_PERIOD, NOW)).toBeNull();
    expect(byBounds(90, 7, Date.parse(TACHO_UNKNOWN_PERIOD))).toBe('NotOnSchedule');
    expect(
      tachoRdlDaysLeft(TACHO_KINDS.vehicle, new Date(NOW - 20 * DAY).toISOString(), NOW),
    ).toEqual({ days: 8, overdue: false });
  });
});

describe('the side panel range', () => {
  it('defaults to the last 3 months (vehicles) or 1 month (drivers) through today', () => {
    const now = new Date(NOW);
    expect(tachoPanelDefaults(TACHO_KINDS.vehicle, now)).toEqual({
      from: '2025-03-15',
      to: '2025-06-15',
    });
    expect(tachoPanelDefaults(TACHO_KINDS.driver, now)).toEqual({
      from: '2025-05-15',
      to: '2025-06-15',
    });
  });

  it('takes dates and date-times, the end not before the start', () => {
    const ok = (query: object) => v.is(TachoPanelRangeQuerySchema, query);
    expect(ok({})).toBe(true);
    expect(ok({ from: '2025-01-01', to: '2025-01-01' })).toBe(true);
    expect(ok({ from: '2025-01-01T10:00:00Z', to: '2025-01-31T23:59:59.999+02:00' })).toBe(true);
    expect(ok({ from: '2025-01-02', to: '2025-01-01' })).toBe(false);
    expect(ok({ from: 'today' })).toBe(false);
    expect(ok({ to: '2025-13-40' })).toBe(false);
  });
});
