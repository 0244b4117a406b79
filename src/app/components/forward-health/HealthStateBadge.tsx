import { FORWARD_STATE_LABELS, type ForwardState } from '@shared/forwards/forward-health';
import { Badge } from '@app/components/ui/Badge';
import { focusRingInset } from '@app/components/ui/focus';
import { STATE_TONES } from './health-format';

/** Delivering, Retrying, Failing or Paused: the word, in its colour. */
export function HealthStateBadge({ state, size }: { state: ForwardState; size?: 'md' | 'sm' }) {
  return (
    <Badge tone={STATE_TONES[state]} size={size}>
      {FORWARD_STATE_LABELS[state]}
    </Badge>
  );
}

/** The badge as the way into the forward's detail panel: a 44 px target around it. */
export function HealthStateButton({
  state,
  name,
  onOpen,
}: {
  state: ForwardState;
  /** The forward's name, for the button's accessible name. */
  name: string;
  onOpen: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={`${FORWARD_STATE_LABELS[state]}: health of ${name}`}
      title="Show the delivery health"
      onClick={onOpen}
      // On a phone card (a dd) the badge stands level with the values beside it, not centred.
      className={`-mx-1 inline-flex h-11 items-center rounded-lg px-1 hover:bg-slate-100 in-[dd]:items-start ${focusRingInset}`}
    >
      <HealthStateBadge state={state} />
    </button>
  );
}
