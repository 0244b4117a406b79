import { describe, expect, it } from 'vitest';
import { isValidImei, luhnCheckDigit, passesLuhn } from './luhn';

describe('luhn', () => {
  it('computes the check digit of a known IMEI', () => {
    // 490154203237518 is the textbook example IMEI.
    expect(luhnCheckDigit('49015420323751')).toBe(8);
    expect(isValidImei('490154203237518')).toBe(true);
  });

  it('rejects a wrong check digit, wrong length or non-digits', () => {
    expect(isValidImei('490154203237517')).toBe(false);
    expect(isValidImei('49015420323751')).toBe(false);
    expect(isValidImei('49015420323751x')).toBe(false);
  });

  it('validates ICCIDs (19 digits with a Luhn digit)', () => {
    expect(passesLuhn('8931440400012345678')).toBe(luhnCheckDigit('893144040001234567') === 8);
    expect(passesLuhn('79927398713')).toBe(true);
  });
});
