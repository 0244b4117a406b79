import uPlot from 'uplot';
import { formatCount } from '@app/features/dashboard/format';

const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const AXIS_STROKE = '#64748b'; // slate-500
const GRID_STROKE = '#e2e8f0'; // slate-200
const BAR_FILL = '#1d5ef1'; // brand-600
// Fallback width of one character of AXIS_FONT when no canvas can measure it.
const CHAR_PX = 7;
const COUNT_AXIS_PX = 56;

/** Below this width the bars lie down: eight 'Do MMMM YYYY' labels cannot stand side by side. */
export const HORIZONTAL_BELOW_PX = 560;

/** Width of the widest label in AXIS_FONT, so the axes fit the fonts the device really has. */
function widestLabel(labels: readonly string[]): number {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return Math.max(0, ...labels.map((l) => l.length)) * CHAR_PX;
  ctx.font = AXIS_FONT;
  return Math.max(0, ...labels.map((l) => ctx.measureText(l).width));
}

type LabelLayout = 'line' | 'two-lines' | 'slanted';

const withoutYear = (label: string) => label.replace(/ \d{4}$/, '');

function labelLayout(u: uPlot, count: number, full: number, dayMonth: number): LabelLayout {
  const slot = (u.width - COUNT_AXIS_PX) / Math.max(1, count);
  if (slot >= full + 12) return 'line';
  if (slot >= dayMonth + 12) return 'two-lines';
  return 'slanted';
}

// uPlot's sides are an ambient const enum, whose members isolatedModules cannot reference.
/* eslint-disable @typescript-eslint/no-unsafe-enum-assignment */
const BOTTOM = 2 as uPlot.Axis.Side;
const LEFT = 3 as uPlot.Axis.Side;
/* eslint-enable @typescript-eslint/no-unsafe-enum-assignment */

/** The message-count axis: left of upright bars, under lying ones. */
const countAxis = (horizontal: boolean): uPlot.Axis => ({
  side: horizontal ? BOTTOM : LEFT,
  font: AXIS_FONT,
  stroke: AXIS_STROKE,
  grid: { stroke: GRID_STROKE, width: 1 },
  ticks: { show: false },
  values: (_u, splits) => splits.map(formatCount),
  size: horizontal ? 32 : COUNT_AXIS_PX,
  space: horizontal ? 60 : 30,
});

/**
 * uPlot options for the dashboard bar chart: one bar per day, x is the day's index. Upright bars
 * with day labels underneath, or lying bars with the labels on the left for narrow screens.
 */
export function barChartOptions(
  labels: readonly string[],
  size: { width: number; height: number },
  horizontal: boolean,
): uPlot.Options {
  const longest = widestLabel(labels);
  const dayMonth = widestLabel(labels.map(withoutYear));
  const layout = (u: uPlot) => labelLayout(u, labels.length, longest, dayMonth);

  const dayAxis: uPlot.Axis = {
    font: AXIS_FONT,
    stroke: AXIS_STROKE,
    grid: { show: false },
    ticks: { show: false },
    splits: () => labels.map((_, i) => i),
    values: (u, splits) =>
      splits.map((i) => {
        const label = labels[i] ?? '';
        // 'Do MMMM YYYY' stays intact; only a line break before the year is added.
        return !horizontal && layout(u) === 'two-lines'
          ? label.replace(/ (\d{4})$/, '\n$1')
          : label;
      }),
  };
  if (horizontal) {
    Object.assign(dayAxis, { side: LEFT, size: Math.ceil(longest) + 12 });
  } else {
    Object.assign(dayAxis, {
      side: BOTTOM,
      rotate: (u: uPlot) => (layout(u) === 'slanted' ? 45 : 0),
      size: (u: uPlot) => {
        const mode = layout(u);
        if (mode === 'slanted') return Math.ceil(longest * Math.SQRT1_2) + 20;
        return mode === 'two-lines' ? 52 : 36;
      },
    });
  }

  return {
    ...size,
    // Slanted labels end at their bar and reach left past the first one.
    padding: [
      12,
      horizontal ? 16 : 12,
      0,
      (u) => (!horizontal && layout(u) === 'slanted' ? Math.max(0, longest * 0.7 - 60) : 0),
    ],
    legend: { show: false },
    cursor: { points: { show: false }, drag: { x: false, y: false } },
    scales: {
      // Lying bars list the oldest day on top.
      x: horizontal
        ? { time: false, ori: 1, dir: -1, range: [-0.5, labels.length - 0.5] }
        : { time: false, range: [-0.5, labels.length - 0.5] },
      y: {
        ...(horizontal ? { ori: 0, dir: 1 } : {}),
        range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1],
      },
    },
    axes: [dayAxis, countAxis(horizontal)],
    series: [
      { label: 'Day' },
      {
        label: 'Messages',
        fill: BAR_FILL,
        stroke: BAR_FILL,
        width: 0,
        points: { show: false },
        paths: uPlot.paths.bars?.({ size: [horizontal ? 0.7 : 0.6, 72], radius: 0.15 }),
      },
    ],
  };
}
