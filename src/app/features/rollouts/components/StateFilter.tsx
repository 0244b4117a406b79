import { DEVICE_STATES, type RolloutDeviceState } from '@shared/libraries/rollout-views';
import { focusRing } from '@app/components/ui/focus';
import { DEVICE_STATE_LABELS, type StateCounts } from '@app/features/rollouts/model/progress';
import { DEVICE_STATE_COLOURS } from './StateBadge';

interface StateFilterProps {
  counts: StateCounts;
  total: number;
  state: RolloutDeviceState | null;
  onChange: (state: RolloutDeviceState | null) => void;
}

const CHIP = `inline-flex h-11 items-center gap-2 rounded-full px-3.5 text-sm font-medium ring-1 ring-inset sm:h-9 ${focusRing}`;
const chipTone = (on: boolean) =>
  on
    ? 'bg-brand-700 text-white ring-brand-700'
    : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50';

/**
 * The device table's state filter: All and every state the rollout has devices in (the chosen
 * one stays even at zero), each with its count. Toggle buttons, one pressed.
 */
export function StateFilter({ counts, total, state, onChange }: StateFilterProps) {
  const shown = DEVICE_STATES.filter((s) => counts[s] > 0 || s === state);
  const chip = (value: RolloutDeviceState | null, label: string, count: number) => {
    const on = value === state;
    return (
      <button
        key={value ?? 'all'}
        type="button"
        aria-pressed={on}
        onClick={() => {
          onChange(value);
        }}
        className={`${CHIP} ${chipTone(on)}`}
      >
        {value && (
          <span
            aria-hidden="true"
            className={`size-2 rounded-full ${DEVICE_STATE_COLOURS[value]} ${on ? 'ring-1 ring-white' : ''}`}
          />
        )}
        {label}
        <span className={`tabular-nums ${on ? 'text-brand-100' : 'text-slate-600'}`}>{count}</span>
      </button>
    );
  };
  return (
    <div role="group" aria-label="Filter by state" className="flex w-full flex-wrap gap-2">
      {chip(null, 'All', total)}
      {shown.map((s) => chip(s, DEVICE_STATE_LABELS[s], counts[s]))}
    </div>
  );
}
