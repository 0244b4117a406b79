import { describe, expect, it } from 'vitest';
import { TACHO_KINDS } from '@shared/tacho/tacho';
import { defaultPanelRange, isValidRange, rangeQuery } from './panel-range';

const NOW = new Date(2025, 5, 15, 14, 30).getTime(); // 15 June 2025, local time

describe('the side panel’s range (spec 03 §9)', () => {
  it('defaults to the last 3 months (vehicles) or 1 month (drivers) through today', () => {
    expect(defaultPanelRange(TACHO_KINDS.vehicle, NOW)).toEqual({
      from: '2025-03-15',
      to: '2025-06-15',
    });
    expect(defaultPanelRange(TACHO_KINDS.driver, NOW)).toEqual({
      from: '2025-05-15',
      to: '2025-06-15',
    });
  });

  it('asks from the start of the first day through the end of the last (local time)', () => {
    const { from, to } = rangeQuery({ from: '2025-05-15', to: '2025-06-15' });
    expect(from).toBe(new Date(2025, 4, 15, 0, 0, 0, 0).toISOString());
    expect(to).toBe(new Date(2025, 5, 15, 23, 59, 59, 999).toISOString());
  });

  it('takes a range only when both days are whole and in order', () => {
    expect(isValidRange({ from: '2025-05-15', to: '2025-05-15' })).toBe(true);
    expect(isValidRange({ from: '2025-06-16', to: '2025-06-15' })).toBe(false);
    expect(isValidRange({ from: '', to: '2025-06-15' })).toBe(false);
    expect(isValidRange({ from: '2025-6-1', to: '2025-06-15' })).toBe(false);
  });
});
