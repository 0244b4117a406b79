import type { RolloutDeviceState, RolloutState } from '@shared/libraries/rollout-views';
import { DEVICE_STATE_LABELS, ROLLOUT_STATE_LABELS } from '@app/features/rollouts/model/progress';

const PILL =
  'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';

const ROLLOUT_TONES: Record<RolloutState, string> = {
  running: 'bg-brand-50 text-brand-800 ring-brand-200',
  paused: 'bg-amber-50 text-amber-900 ring-amber-200',
  completed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** Running (with a pulsing dot), Paused, Completed, Cancelled. */
export function RolloutStateBadge({ state }: { state: RolloutState }) {
  return (
    <span className={`${PILL} ${ROLLOUT_TONES[state]}`}>
      {state === 'running' && (
        <span
          aria-hidden="true"
          className="size-1.5 rounded-full bg-brand-600 motion-safe:animate-pulse"
        />
      )}
      {ROLLOUT_STATE_LABELS[state]}
    </span>
  );
}

/**
 * Each device state's colour, in the progress bars, their legends and the device badges alike:
 * the waiting greys, the blues of a device on its way, then green, red or slate at the end.
 */
export const DEVICE_STATE_COLOURS: Record<RolloutDeviceState, string> = {
  waiting: 'bg-slate-300',
  pending: 'bg-brand-200',
  sent: 'bg-brand-400',
  downloading: 'bg-brand-700',
  applied: 'bg-emerald-600',
  failed: 'bg-red-600',
  cancelled: 'bg-slate-500',
};

/** A device's state: its colour's dot and its name. */
export function DeviceStateBadge({ state }: { state: RolloutDeviceState }) {
  return (
    <span className={`${PILL} bg-white text-slate-800 ring-slate-300`}>
      <span aria-hidden="true" className={`size-2 rounded-full ${DEVICE_STATE_COLOURS[state]}`} />
      {DEVICE_STATE_LABELS[state]}
    </span>
  );
}
