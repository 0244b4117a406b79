import { describe, expect, it } from 'vitest';
import { TACHO_KINDS, TACHO_UNKNOWN_PERIOD } from '@shared/tacho/tacho';
import {
  daysLeftView,
  nextRdlText,
  periodText,
  requestProgressView,
  validStateView,
} from './tacho-display';

const NOW = Date.parse('2025-06-15T12:00:00Z');
const iso = (s: string) => new Date(s).toISOString();

describe('days left (spec 03 §4)', () => {
  it('counts 90 days after a vehicle’s data end and 30 after a driver’s', () => {
    const end = iso('2025-06-01T12:00:00Z'); // 14 days before NOW
    expect(daysLeftView(TACHO_KINDS.vehicle, end, NOW)).toEqual({
      text: '76',
      days: 76,
      overdue: false,
      title: undefined,
    });
    expect(daysLeftView(TACHO_KINDS.driver, end, NOW)).toEqual({
      text: '16',
      days: 16,
      overdue: false,
      title: undefined,
    });
  });

  it('is negative (overdue, shown in red) past the limit', () => {
    const end = iso('2025-05-01T12:00:00Z'); // 45 days before NOW
    expect(daysLeftView(TACHO_KINDS.driver, end, NOW)).toEqual({
      text: '-15',
      days: -15,
      overdue: true,
      title: 'Overdue by 15 days',
    });
  });

  it('shows 25.03 days overdue as -25 (whole days gone by), the first day as a red 0', () => {
    const overdueBy = (days: number) => new Date(NOW - (90 + days) * 86_400_000).toISOString();
    expect(daysLeftView(TACHO_KINDS.vehicle, overdueBy(25.03), NOW)).toMatchObject({
      text: '-25',
      overdue: true,
    });
    expect(daysLeftView(TACHO_KINDS.vehicle, overdueBy(0.4), NOW)).toEqual({
      text: '0',
      days: 0,
      overdue: true,
      title: 'Overdue since less than a day',
    });
    expect(daysLeftView(TACHO_KINDS.vehicle, overdueBy(1.5), NOW).title).toBe('Overdue by 1 day');
  });

  it('reads Unknown for the unknown period, never a number', () => {
    expect(daysLeftView(TACHO_KINDS.vehicle, TACHO_UNKNOWN_PERIOD, NOW)).toEqual({
      text: 'Unknown',
      days: null,
      overdue: false,
      title: undefined,
    });
    expect(nextRdlText(TACHO_KINDS.vehicle, TACHO_UNKNOWN_PERIOD)).toBe('Unknown');
    expect(periodText(TACHO_UNKNOWN_PERIOD)).toBe('Unknown');
  });

  it('puts the next RDL 28 days (vehicle) or 14 days (driver) after the data end', () => {
    const end = '2025-06-01T12:00:00.000Z';
    const local = (s: string) => {
      const d = new Date(s);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${p(d.getDate())}-${p(d.getMonth() + 1)}-${String(d.getFullYear())} ${p(d.getHours())}:${p(d.getMinutes())}`;
    };
    expect(nextRdlText(TACHO_KINDS.vehicle, end)).toBe(local('2025-06-29T12:00:00Z'));
    expect(nextRdlText(TACHO_KINDS.driver, end)).toBe(local('2025-06-15T12:00:00Z'));
    expect(periodText(end)).toBe(local(end));
  });
});

describe('ValidState (spec 03 §4)', () => {
  it.each([
    [1, 'ok', 'Valid'],
    [2, 'notOk', 'Not valid'],
    [3, 'notOk', 'Not valid'],
    [44, 'notOk', 'Not valid'],
    [11, 'interimOk', 'Interim valid'],
    [12, 'interimNotOk', 'Interim not valid'],
    [0, 'unknown', 'Unknown state'],
    [7, 'unknown', 'Unknown state'],
  ])('%i is %s', (state, kind, label) => {
    expect(validStateView(state)).toEqual({
      kind,
      label: `${label} (ValidState ${String(state)})`,
    });
  });
});

describe('request progress', () => {
  it('names the step, its time, and who asked', () => {
    const view = requestProgressView({
      Id: 1,
      Progress: 'sent',
      Created: '2025-06-15T08:00:00.000Z',
      RequestedBy: 'scheduler',
    });
    expect(view.label).toBe('Sent');
    expect(view.step).toBe(1);
    expect(view.time).toMatch(/^15-06-2025 \d\d:00$/);
    expect(view.title).toContain('by the portal');
    expect(
      requestProgressView({
        Id: 2,
        Progress: 'received',
        Created: '2025-06-15T08:00:00.000Z',
        RequestedBy: 'user',
      }).label,
    ).toBe('File received');
  });
});
