import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BIGSERIAL_ID_PATTERN,
  MAX_BIGSERIAL_ID,
  MAX_SERIAL_ID,
  SERIAL_ID_PATTERN,
  wholeNumberPattern,
} from './id-limits';

/** What the pattern must mean: the canonical decimal text of an integer 1 … max. */
const isIdText = (text: string, max: number) =>
  /^[1-9]\d*$/.test(text) && Number.isSafeInteger(Number(text)) && Number(text) <= max;

describe('wholeNumberPattern', () => {
  it('takes exactly 1 … max for every max up to 1200', () => {
    const wrong: string[] = [];
    for (let max = 1; max <= 1200; max += 1) {
      const pattern = wholeNumberPattern(max);
      for (let n = 0; n <= max + 12; n += 1)
        if (pattern.test(String(n)) !== (n >= 1 && n <= max))
          wrong.push(`${String(n)} of ${String(max)}`);
      if (pattern.test(`0${String(max)}`)) wrong.push(`0${String(max)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('takes exactly the serial ids, 1 … 2³¹−1, and the bigserial ids, 1 … 2⁵³−1', () => {
    const texts = fc.oneof(
      fc.integer({ min: -10, max: 2 * MAX_SERIAL_ID }).map(String),
      fc.bigInt({ min: 0n, max: 2n * BigInt(MAX_BIGSERIAL_ID) }).map(String),
      fc.stringMatching(/^[0-9]{0,18}$/),
    );
    fc.assert(
      fc.property(texts, (text) => {
        expect(SERIAL_ID_PATTERN.test(text), text).toBe(isIdText(text, MAX_SERIAL_ID));
        expect(BIGSERIAL_ID_PATTERN.test(text), text).toBe(isIdText(text, MAX_BIGSERIAL_ID));
      }),
      { numRuns: 5000 },
    );
    for (const [pattern, max] of [
      [SERIAL_ID_PATTERN, MAX_SERIAL_ID],
      [BIGSERIAL_ID_PATTERN, MAX_BIGSERIAL_ID],
    ] as const) {
      expect(pattern.test(String(max))).toBe(true);
      expect(pattern.test(String(BigInt(max) + 1n))).toBe(false);
      expect(pattern.test('1'.padEnd(String(max).length, '0'))).toBe(true);
      expect(pattern.test('9'.repeat(String(max).length))).toBe(false);
    }
  });
});
