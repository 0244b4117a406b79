import { Link } from '@tanstack/react-router';
import type { Rollout } from '@shared/libraries/rollout-views';
import { focusRing, focusRingInset } from '@app/components/ui/focus';

/** A link that looks like a secondary button: 44 px on phones, 40 px from sm up. */
export const LINK_BUTTON = `inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-white px-4 text-sm font-semibold whitespace-nowrap text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 sm:h-10 ${focusRing}`;

/** 'Rollouts' in the library screens' headers: where their mass updates are followed. */
export function RolloutsLink() {
  return (
    <Link to="/rollouts" className={LINK_BUTTON}>
      Rollouts
    </Link>
  );
}

/** The rollout's description as a link to its screen, 44 px high for a finger. */
export function RolloutLink({ rollout }: { rollout: Pick<Rollout, 'Id' | 'Description'> }) {
  return (
    <Link
      to="/rollouts/$id"
      params={{ id: rollout.Id }}
      className={`inline-flex h-11 max-w-full items-center rounded-sm font-medium text-brand-700 hover:text-brand-900 hover:underline ${focusRingInset}`}
    >
      <span className="truncate">{rollout.Description}</span>
    </Link>
  );
}

/** The toast's way to the rollout just started. */
export function ViewRolloutLink({ id }: { id: number }) {
  return (
    <Link
      to="/rollouts/$id"
      params={{ id }}
      className={`ml-auto inline-flex min-h-11 shrink-0 items-center rounded-md px-2 text-sm font-semibold text-emerald-900 underline underline-offset-2 hover:text-emerald-950 ${focusRing}`}
    >
      View rollout
    </Link>
  );
}
