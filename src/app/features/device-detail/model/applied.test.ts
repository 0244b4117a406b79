import { describe, expect, it } from 'vitest';
import { appliedHint } from './applied';

describe('appliedHint (spec 01 §2.6: applied value in brackets)', () => {
  it('is silent while the device runs the pending value', () => {
    expect(appliedHint('120', '120')).toBeUndefined();
    expect(appliedHint(null, undefined)).toBeUndefined();
    expect(appliedHint('', null)).toBeUndefined();
  });

  it('shows the applied value in brackets when it differs, formatted', () => {
    expect(appliedHint('60', '120')).toBe('(120)');
    expect(appliedHint('1', '0', (v) => (v === '1' ? 'On' : 'Off'))).toBe('(Off)');
  });

  it('marks a value the device never reported', () => {
    expect(appliedHint('60', null)).toBe('(—)');
  });
});
