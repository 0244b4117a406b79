import { describe, expect, it } from 'vitest';
import { passesLoadMark } from './infinite-scroll';

describe('infinite scroll mark (spec 01 §9)', () => {
  it('passes once the scroll position is beyond page height minus 1500 px', () => {
    expect(passesLoadMark(2000, 4000)).toBe(false);
    expect(passesLoadMark(2501, 4000)).toBe(true);
    // A page shorter than the margin is past the mark at once.
    expect(passesLoadMark(900, 1200)).toBe(true);
  });
});
