import { pieSliceLabel, type NamedValue } from '@shared/customers/dashboard';

export interface PieSlice {
  key: string;
  label: string;
  value: number;
  /** Share of the total, 0..1. */
  fraction: number;
  /** SVG path of the slice in a circle of radius 1 centred on 0,0; empty for a zero slice. */
  path: string;
}

const point = (angle: number) => {
  // Start at 12 o'clock and run clockwise.
  const a = angle * 2 * Math.PI - Math.PI / 2;
  return `${Math.cos(a).toFixed(5)} ${Math.sin(a).toFixed(5)}`;
};

/** Slices for the dashboard pies; labels come from the shared `pieSliceLabel`. */
export function pieSlices(data: readonly NamedValue[]): PieSlice[] {
  const total = data.reduce((sum, d) => sum + Math.max(0, d.Value), 0);
  let start = 0;
  return data.map((d) => {
    const value = Math.max(0, d.Value);
    const fraction = total > 0 ? value / total : 0;
    const end = start + fraction;
    let path = '';
    if (fraction >= 1) {
      // An arc cannot start and end on the same point: a full slice is two half circles.
      path = 'M 0 -1 A 1 1 0 1 1 0 1 A 1 1 0 1 1 0 -1 Z';
    } else if (fraction > 0) {
      const large = fraction > 0.5 ? 1 : 0;
      path = `M 0 0 L ${point(start)} A 1 1 0 ${large} 1 ${point(end)} Z`;
    }
    start = end;
    return { key: d.name, label: pieSliceLabel(d.name), value, fraction, path };
  });
}

// One decimal throughout, so the shares of a pie visibly add up to 100%.
export const formatShare = (fraction: number): string => `${(fraction * 100).toFixed(1)}%`;
