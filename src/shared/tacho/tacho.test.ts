import { describe, expect, it } from 'vitest';
import { TACHO_KINDS, TACHO_UNKNOWN_PERIOD, tachoDaysLeft, wholeDaysUntil } from './tacho';

const DAY = 86_400_000;
const NOW = Date.parse('2025-06-15T10:30:00.000Z');
/** A vehicle's data end that leaves `days` days (negative: overdue) before it is due. */
const endLeaving = (days: number) => new Date(NOW + (days - 90) * DAY).toISOString();
const vehicle = (days: number) => tachoDaysLeft(TACHO_KINDS.vehicle, endLeaving(days), NOW);

describe('days left (spec 03 §4), the one rule of every screen', () => {
  it('counts whole days gone by when overdue: 25.03 days overdue is -25, not -26', () => {
    expect(vehicle(-25.03)).toEqual({ days: -25, overdue: true });
    expect(vehicle(-25.99)).toEqual({ days: -25, overdue: true });
    expect(vehicle(-26)).toEqual({ days: -26, overdue: true });
  });

  it('counts whole days left before the due moment: 4.9 is 4', () => {
    expect(vehicle(4.9)).toEqual({ days: 4, overdue: false });
    expect(vehicle(1)).toEqual({ days: 1, overdue: false });
    expect(vehicle(90)).toEqual({ days: 90, overdue: false });
  });

  it('reads 0 around the due moment: not overdue up to it, overdue (red) just after', () => {
    expect(vehicle(0.5)).toEqual({ days: 0, overdue: false });
    expect(wholeDaysUntil(NOW, NOW)).toEqual({ days: 0, overdue: false });
    const justAfter = wholeDaysUntil(NOW - 1, NOW);
    expect(justAfter).toEqual({ days: 0, overdue: true });
    // Never a negative zero ('-0' would show, and sort apart from 0).
    expect(Object.is(justAfter.days, -0)).toBe(false);
    expect(wholeDaysUntil(NOW - DAY, NOW)).toEqual({ days: -1, overdue: true });
    expect(wholeDaysUntil(NOW - DAY + 1, NOW)).toEqual({ days: 0, overdue: true });
  });

  it('uses 90 days for vehicles and 30 for drivers; the unknown period has none', () => {
    const end = new Date(NOW - 40.2 * DAY).toISOString();
    expect(tachoDaysLeft(TACHO_KINDS.vehicle, end, NOW)).toEqual({ days: 49, overdue: false });
    expect(tachoDaysLeft(TACHO_KINDS.driver, end, NOW)).toEqual({ days: -10, overdue: true });
    expect(tachoDaysLeft(TACHO_KINDS.vehicle, TACHO_UNKNOWN_PERIOD, NOW)).toBeNull();
  });
});
