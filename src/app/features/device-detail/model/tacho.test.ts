import { describe, expect, it } from 'vitest';
import { clampRdlAddress, isRdlAddressNotApplicable } from './tacho';

describe('TachoRDLAdress (spec 01 §5)', () => {
  it('clamps whole numbers to 251–254', () => {
    expect(clampRdlAddress('100')).toBe('251');
    expect(clampRdlAddress('252')).toBe('252');
    expect(clampRdlAddress(' 300 ')).toBe('254');
    expect(clampRdlAddress('0')).toBe('251');
  });

  it('leaves what is not a whole number for the shared rule to judge', () => {
    expect(clampRdlAddress('')).toBe('');
    expect(clampRdlAddress('25a')).toBe('25a');
  });

  it('reads 9999 as not applicable', () => {
    expect(isRdlAddressNotApplicable('9999')).toBe(true);
    expect(isRdlAddressNotApplicable('251')).toBe(false);
  });
});
