import type { NamedValue } from '@shared/customers/dashboard';
import { Card } from '@app/components/ui/Card';
import { formatCount } from '@app/features/dashboard/format';
import { formatShare, pieSlices } from '@app/features/dashboard/pie';

// Keyed by series so each meaning keeps its colour: problems warm, the rest brand blue.
const SLICE_COLORS: Record<string, string> = {
  ValidJson: '#f43f5e', // rose-500
  Insync: '#f59e0b', // amber-500
};
const OTHER_COLOR = '#1d5ef1'; // brand-600
const colorOf = (key: string) => SLICE_COLORS[key] ?? OTHER_COLOR;

/** A donut chart drawn in SVG (uPlot has no pies) with a legend of label, value and share. */
interface PieChartCardProps {
  title: string;
  data: NamedValue[];
  className?: string;
}

export function PieChartCard({ title, data, className = '' }: PieChartCardProps) {
  const slices = pieSlices(data);
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  const summary = slices.map((s) => `${s.label} ${formatCount(s.value)}`).join(', ');

  return (
    <Card title={title} className={className}>
      {total === 0 ? (
        <p className="py-8 text-center text-sm text-slate-600">No data for the last week yet.</p>
      ) : (
        <figure className="m-0 flex flex-col items-center gap-5 sm:flex-row sm:gap-8">
          <svg
            viewBox="-1.05 -1.05 2.1 2.1"
            role="img"
            aria-label={`${title}: ${summary}`}
            className="size-36 shrink-0"
          >
            {slices.map(
              (s) =>
                s.path && (
                  <path
                    key={s.key}
                    d={s.path}
                    fill={colorOf(s.key)}
                    stroke="#fff"
                    strokeWidth={0.03}
                  />
                ),
            )}
            <circle r={0.58} fill="#fff" />
            <text
              textAnchor="middle"
              y={0.02}
              // Long totals get a smaller font so they stay inside the hole.
              fontSize={formatCount(total).length > 5 ? 0.24 : 0.3}
              fontWeight={600}
              fill="#0f172a"
              aria-hidden="true"
            >
              {formatCount(total)}
            </text>
            <text textAnchor="middle" y={0.26} fontSize={0.15} fill="#64748b" aria-hidden="true">
              total
            </text>
          </svg>
          <figcaption className="w-full min-w-0 sm:w-auto sm:flex-1">
            <ul className="divide-y divide-slate-100">
              {slices.map((s) => (
                <li key={s.key} className="flex items-center gap-3 py-2 text-sm">
                  <span
                    aria-hidden="true"
                    className="size-3 shrink-0 rounded-sm"
                    style={{ backgroundColor: colorOf(s.key) }}
                  />
                  <span className="flex-1 text-slate-700">{s.label}</span>
                  <span className="font-semibold text-slate-900 tabular-nums">
                    {formatCount(s.value)}
                  </span>
                  <span className="w-14 text-right text-slate-500 tabular-nums">
                    {formatShare(s.fraction)}
                  </span>
                </li>
              ))}
            </ul>
          </figcaption>
        </figure>
      )}
    </Card>
  );
}
