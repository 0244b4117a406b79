import type { RolloutDeviceState } from '@shared/libraries/rollout-views';
import { DEVICE_STATE_LABELS, type StateCounts } from '@app/features/rollouts/model/progress';
import { DEVICE_STATE_COLOURS } from './StateBadge';

/** Left to right: what has ended (applied, failed, withdrawn), then what is on its way. */
export const BAR_ORDER: readonly RolloutDeviceState[] = [
  'applied',
  'failed',
  'cancelled',
  'downloading',
  'sent',
  'pending',
  'waiting',
];

/** 'Canary: 3 applied, 1 failed, 6 waiting of 10 devices'. */
export function barSummary(label: string, counts: StateCounts, total: number): string {
  const parts = BAR_ORDER.filter((s) => counts[s] > 0).map(
    (s) => `${String(counts[s])} ${DEVICE_STATE_LABELS[s].toLowerCase()}`,
  );
  if (total === 0) return `${label}: no devices`;
  return `${label}: ${parts.join(', ')} of ${String(total)} device${total === 1 ? '' : 's'}`;
}

/**
 * A bar of segments, one per device state, each as wide as its share. Screen readers get the
 * numbers as the bar's label; the legend beside it shows them to everyone.
 */
export function ProgressBar({
  label,
  counts,
  total,
  size = 'md',
}: {
  label: string;
  counts: StateCounts;
  total: number;
  size?: 'sm' | 'md';
}) {
  const summary = barSummary(label, counts, total);
  return (
    <div
      role="img"
      aria-label={summary}
      title={summary}
      className={`flex w-full overflow-hidden rounded-full bg-slate-100 ring-1 ring-slate-200 ring-inset ${size === 'sm' ? 'h-2' : 'h-3'}`}
    >
      {total > 0 &&
        BAR_ORDER.map(
          (state) =>
            counts[state] > 0 && (
              <div
                key={state}
                data-state={state}
                style={{ width: `${String((counts[state] / total) * 100)}%` }}
                className={`h-full transition-[width] duration-500 motion-reduce:transition-none ${DEVICE_STATE_COLOURS[state]}`}
              />
            ),
        )}
    </div>
  );
}

/** Every state's colour, name and count, in the bar's order. */
export function StateLegend({ counts }: { counts: StateCounts }) {
  return (
    <ul
      aria-label="Devices by state"
      className="grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm text-slate-700"
    >
      {BAR_ORDER.map((state) => (
        <li key={state} className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className={`size-2.5 shrink-0 rounded-full ${DEVICE_STATE_COLOURS[state]}`}
          />
          <span className="min-w-0 truncate">{DEVICE_STATE_LABELS[state]}</span>
          <span className="ml-auto pr-2 font-semibold text-slate-900 tabular-nums">
            {counts[state]}
          </span>
        </li>
      ))}
    </ul>
  );
}
