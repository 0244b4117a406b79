import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_NAMES, countryName, DEFAULT_COUNTRY, isCountryCode } from './countries';

describe('countries', () => {
  it('lists the 249 ISO 3166-1 countries once each, with two-letter codes', () => {
    const codes = Object.keys(COUNTRY_NAMES);
    expect(codes).toHaveLength(249);
    expect(codes.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    expect(new Set(Object.values(COUNTRY_NAMES)).size).toBe(249);
  });

  it('defaults to the Netherlands and names the demo countries', () => {
    expect(DEFAULT_COUNTRY).toBe('NL');
    expect(['NL', 'SE', 'DE', 'BE'].map(countryName)).toEqual([
      'Netherlands',
      'Sweden',
      'Germany',
      'Belgium',
    ]);
  });

  it('knows only assigned codes (no lower case, no reserved ones, no prototype keys)', () => {
    for (const code of ['nl', 'XX', 'UK', 'EU', '', 'constructor', 'toString'])
      expect(isCountryCode(code), code).toBe(false);
    expect(countryName('XX')).toBe('XX');
  });

  it('sorts the select by name', () => {
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(COUNTRIES[0]).toEqual({ code: 'AF', name: 'Afghanistan' });
  });
});
