import { describe, expect, it } from 'vitest';
import { nationAlpha, nationNumeric } from './nations';

describe('NationNumeric ↔ NationAlpha (Annex 1B Appendix 1 §2.100, §2.101)', () => {
  it('maps the codes of the data dictionary', () => {
    expect(nationAlpha(0x01)).toBe('A');
    expect(nationAlpha(0x0d)).toBe('D');
    expect(nationAlpha(0x15)).toBe('UK');
    expect(nationAlpha(0x26)).toBe('NL');
    expect(nationAlpha(0x28)).toBe('PL');
    expect(nationAlpha(0x36)).toBe('UZ');
    expect(nationAlpha(0xfd)).toBe('EC');
    expect(nationAlpha(0xff)).toBe('WLD');
  });

  it('no information and reserved codes are null', () => {
    expect(nationAlpha(0x00)).toBeNull();
    expect(nationAlpha(0x37)).toBeNull();
    expect(nationAlpha(0xfc)).toBeNull();
    expect(nationAlpha(-1)).toBeNull();
  });

  it('round-trips every defined code; unknown alpha codes are 0', () => {
    for (let n = 1; n <= 0xff; n++) {
      const alpha = nationAlpha(n);
      if (alpha) expect(nationNumeric(alpha)).toBe(n);
    }
    expect(nationNumeric(' nl ')).toBe(0x26);
    expect(nationNumeric('XX')).toBe(0);
  });
});
