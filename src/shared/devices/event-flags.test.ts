import { describe, expect, it } from 'vitest';
import {
  activeFlagNames,
  CHAPTERS,
  flagChanges,
  flagValuesOf,
  withChapter,
  zeroFlagValues,
} from './event-flags';

describe('event flags (spec 01 §3)', () => {
  const message = { index: 0, URL: 'https://x', protocol: 1, TIME: 3, SOT: 35, REQ: 65535 };

  it('reads each flag as a number, missing or malformed ones as 0', () => {
    const values = flagValuesOf({ ...message, EOT: '4', DS: 1.5 });
    expect(values.TIME).toBe(3);
    expect(values.EOT).toBe(0);
    expect(values.DS).toBe(0);
    expect(Object.keys(values)).toHaveLength(16);
    expect(activeFlagNames(values)).toEqual(['TIME', 'SOT', 'REQ']);
    expect(activeFlagNames(zeroFlagValues())).toEqual([]);
  });

  it('has the twelve chapter bits in bit order', () => {
    expect(CHAPTERS.map((c) => c.name)).toEqual([
      'LIVE',
      'GNSS',
      'TACHO',
      'ALTFUEL',
      'DASHBOARD',
      'TRIPDATA',
      'BLE',
      'EVENTS',
      'SETTINGS',
      'DIAGNOSTICS',
      'ENDPOINTS',
      'HIGHRESDATA',
    ]);
  });

  it('sets and clears one chapter bit, keeping the others', () => {
    expect(withChapter(3, 4, true)).toBe(7);
    expect(withChapter(7, 2, false)).toBe(5);
    expect(withChapter(65535, 1, false)).toBe(65534);
  });

  it('names the chapters each changed flag gained and lost', () => {
    const before = flagValuesOf(message);
    const after = { ...before, TIME: 6, REQ: 65535 - 2048 };
    expect(flagChanges(before, after)).toEqual([
      { flag: 'TIME', from: 3, to: 6, added: ['TACHO'], removed: ['LIVE'] },
      { flag: 'REQ', from: 65535, to: 63487, added: [], removed: ['HIGHRESDATA'] },
    ]);
    expect(flagChanges(before, before)).toEqual([]);
  });
});
