import { describe, expect, it } from 'vitest';
import { activeFlags, flagValues, messageJson, withChapter, zeroFlags } from './event-flags';

describe('event flags', () => {
  const message = { index: 0, URL: 'https://x', protocol: 1, TIME: 3, SOT: 35, REQ: 65535 };

  it('reads each flag as a number, missing ones as 0', () => {
    const values = flagValues(message);
    expect(values.TIME).toBe(3);
    expect(values.EOT).toBe(0);
    expect(Object.keys(values)).toHaveLength(16);
    expect(activeFlags(message)).toEqual(['TIME', 'SOT', 'REQ']);
  });

  it('sets and clears one chapter bit, keeping the others', () => {
    expect(withChapter(3, 4, true)).toBe(7);
    expect(withChapter(7, 2, false)).toBe(5);
    expect(withChapter(65535, 1, false)).toBe(65534);
  });

  it('clearing keeps URL, protocol and index and zeroes every flag', () => {
    const cleared = JSON.parse(messageJson(message, zeroFlags())) as Record<string, unknown>;
    expect(cleared).toMatchObject({ index: 0, URL: 'https://x', protocol: 1, TIME: 0, REQ: 0 });
    expect(activeFlags(cleared)).toEqual([]);
  });
});
