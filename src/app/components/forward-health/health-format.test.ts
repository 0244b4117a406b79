import { describe, expect, it } from 'vitest';
import { formatBacklog, formatCount, formatLag } from './health-format';
import { lastHour } from './replay-window';

describe('formatLag', () => {
  it('says how old the oldest waiting message is in its largest whole unit', () => {
    expect(
      [0, 0.6, 2, 59, 60, 240, 3_599, 3_600, 7_300, 86_399, 86_400, 200_000].map(formatLag),
    ).toEqual([
      '0 s',
      '0 s',
      '2 s',
      '59 s',
      '1 min',
      '4 min',
      '59 min',
      '1 h',
      '2 h',
      '23 h',
      '1 d',
      '2 d',
    ]);
  });

  it('is a dash when nothing waits, and never negative (clocks apart by a little)', () => {
    expect(formatLag(null)).toBe('–');
    expect(formatLag(-3)).toBe('0 s');
  });
});

describe('formatBacklog', () => {
  it("counts with separators and adds '+' when more wait than were counted", () => {
    expect(formatBacklog({ Backlog: 12, BacklogCapped: false })).toBe('12');
    expect(formatBacklog({ Backlog: 100_000, BacklogCapped: true })).toBe('100,000+');
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });
});

describe('lastHour', () => {
  it('ends at the start of the next minute (To is exclusive) and starts an hour before', () => {
    const now = new Date(2025, 4, 12, 10, 31, 42).getTime();
    expect(lastHour(now)).toEqual({ From: '2025-05-12T09:32', To: '2025-05-12T10:32' });
  });
});
