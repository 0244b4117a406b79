import { describe, expect, it } from 'vitest';
import { pieSliceLabel } from './dashboard';

describe('pieSliceLabel', () => {
  it('labels the series keys as spec 01 §2.5 says', () => {
    expect(pieSliceLabel('Insync')).toBe('Out of Sync');
    expect(pieSliceLabel('ValidJson')).toBe('Invalid Json');
    expect(pieSliceLabel('Other')).toBe('Other');
    expect(pieSliceLabel('anything')).toBe('Other');
  });
});
