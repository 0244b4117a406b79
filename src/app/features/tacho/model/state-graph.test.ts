import { describe, expect, it } from 'vitest';
import { percentSegments, thresholds } from './state-graph';

const percents = (a: number, s: number, n: number) =>
  percentSegments({ Available: a, SoonAvailable: s, NotOnSchedule: n }).map((x) => x.percent);

describe('stacked percent bars', () => {
  it('gives each series its share, adding up to 100', () => {
    expect(percents(50, 30, 20)).toEqual([50, 30, 20]);
    expect(percents(1, 1, 1)).toEqual([34, 33, 33]);
    expect(percents(2, 1, 0)).toEqual([67, 33, 0]);
    for (const [a, s, n] of [
      [7, 11, 13],
      [999, 1, 1],
      [1, 0, 0],
    ] as const) {
      expect(percents(a, s, n).reduce((x, y) => x + y, 0)).toBe(100);
    }
  });

  it('leaves an empty bar at 0 everywhere', () => {
    expect(percents(0, 0, 0)).toEqual([0, 0, 0]);
  });
});

describe('thresholds stated on the screen', () => {
  it('name the legal limits, the RDL intervals and the soon threshold', () => {
    const t = thresholds(7);
    expect(t.byLaw).toContain('90 days');
    expect(t.byLaw).toContain('30 after');
    expect(t.byLaw).toContain('more than 7 days left');
    expect(t.plannedRdl).toContain('+ 28 days');
    expect(t.plannedRdl).toContain('+ 14');
    expect(t.plannedRdl).toContain('within 7 days');
  });
});
