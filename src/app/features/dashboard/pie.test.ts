import { describe, expect, it } from 'vitest';
import { formatShare, pieSlices } from './pie';

describe('pieSlices', () => {
  it('labels slices with the shared labels and splits the circle by value', () => {
    const slices = pieSlices([
      { name: 'Insync', Value: 25 },
      { name: 'Other', Value: 75 },
    ]);
    expect(slices.map((s) => [s.label, s.value, s.fraction])).toEqual([
      ['Out of Sync', 25, 0.25],
      ['Other', 75, 0.75],
    ]);
    // A quarter from 12 o'clock ends at 3 o'clock with the small arc; the rest uses the large one.
    expect(slices[0]?.path).toBe('M 0 0 L 0.00000 -1.00000 A 1 1 0 0 1 1.00000 0.00000 Z');
    expect(slices[1]?.path).toContain('A 1 1 0 1 1');
  });

  it('draws a lone slice as a full circle and leaves zero slices empty', () => {
    const [valid, other] = pieSlices([
      { name: 'ValidJson', Value: 0 },
      { name: 'Other', Value: 10 },
    ]);
    expect(valid).toMatchObject({ label: 'Invalid Json', fraction: 0, path: '' });
    expect(other?.fraction).toBe(1);
    expect(other?.path).toMatch(/^M 0 -1 A/);
  });

  it('copes with no data at all', () => {
    expect(pieSlices([{ name: 'Other', Value: 0 }])[0]?.fraction).toBe(0);
    expect(pieSlices([])).toEqual([]);
  });

  it('formats shares', () => {
    expect(formatShare(0.25)).toBe('25.0%');
    expect(formatShare(0.029)).toBe('2.9%');
    expect(formatShare(0)).toBe('0.0%');
  });
});
