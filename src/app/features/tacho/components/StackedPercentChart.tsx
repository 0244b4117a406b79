import type { TachoStateCounts } from '@shared/tacho/tacho-lists';
import { percentSegments, SERIES, type SeriesKey } from '@app/features/tacho/model/state-graph';

export const SERIES_COLOURS: Record<SeriesKey, string> = {
  Available: 'bg-emerald-700',
  SoonAvailable: 'bg-amber-400',
  NotOnSchedule: 'bg-rose-600',
};

interface Bar {
  label: string;
  counts: TachoStateCounts;
}

/**
 * A stacked percent bar chart drawn with CSS (a chart library would weigh more than the chart):
 * one bar per group, each series' share as a segment. Screen readers get each bar as one image
 * with its numbers; the legend table under it lists them for everyone.
 */
export function StackedPercentChart({ bars, unit }: { bars: readonly Bar[]; unit: string }) {
  return (
    <div className="space-y-5">
      {bars.map((bar) => {
        const segments = percentSegments(bar.counts);
        const total = segments.reduce((n, s) => n + s.count, 0);
        const summary =
          total === 0
            ? `${bar.label}: no ${unit}`
            : `${bar.label}: ${segments.map((s) => `${s.label} ${String(s.percent)}% (${String(s.count)})`).join(', ')}`;
        return (
          <div key={bar.label}>
            <div className="mb-1.5 flex items-baseline justify-between gap-3 text-sm">
              <span className="font-medium text-slate-900">{bar.label}</span>
              <span className="text-slate-600 tabular-nums">
                {total} {unit}
              </span>
            </div>
            <div
              role="img"
              aria-label={summary}
              title={summary}
              className="flex h-9 w-full overflow-hidden rounded-md bg-slate-100 ring-1 ring-slate-200 ring-inset"
            >
              {segments.map(
                (s) =>
                  s.percent > 0 && (
                    <div
                      key={s.key}
                      data-series={s.key}
                      style={{ width: `${String(s.percent)}%` }}
                      className={`flex items-center justify-center text-xs font-semibold tabular-nums ${SERIES_COLOURS[s.key]} ${s.key === 'SoonAvailable' ? 'text-slate-900' : 'text-white'}`}
                    >
                      {s.percent >= 8 && `${String(s.percent)}%`}
                    </div>
                  ),
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** The series' colours and names, once per screen. */
export function ChartLegend() {
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
      {SERIES.map((s) => (
        <li key={s.key} className="inline-flex items-center gap-2">
          <span aria-hidden="true" className={`size-3 rounded-sm ${SERIES_COLOURS[s.key]}`} />
          {s.label}
        </li>
      ))}
    </ul>
  );
}
