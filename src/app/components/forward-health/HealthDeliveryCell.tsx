import { FORWARD_STATE_LABELS } from '@shared/forwards/forward-health';
import { focusRingInset } from '@app/components/ui/focus';
import { deliveryDetails, deliverySummary } from './delivery-summary';
import { HealthLoading, useHealthOf } from './health-cells';
import { HealthStateBadge } from './HealthStateBadge';

/**
 * In a table cell: the badge (and the failed ones) over one short line. On a phone card (a dd)
 * all on one line, the failed ones last after a dot, with no negative margin for the card's
 * clipped field to cut off.
 */
const LAYOUT =
  '-mx-1 flex h-11 w-[calc(100%+0.5rem)] flex-col items-start justify-center gap-0.5 px-1 ' +
  'in-[dd]:mx-0 in-[dd]:w-full in-[dd]:flex-row in-[dd]:items-center in-[dd]:justify-start ' +
  'in-[dd]:gap-1.5 in-[dd]:px-0 in-[dd]:text-xs';

/**
 * A forward's delivery in a narrow column (issue 15): its state badge, the failed ones of 24 h
 * beside it in the danger colour ('3 failed'), and one muted line ('12 waiting · lag 4 min',
 * else '1.5K in 24 h'). The whole cell opens the detail panel, which has every number; so does
 * its tooltip. '–' when not known.
 */
export function HealthDeliveryCell({ id, name }: { id: number; name: string }) {
  const { health, open } = useHealthOf(id);
  if (health.status === 'loading') return <HealthLoading />;
  if (health.status === 'unknown') return '–';
  const { State } = health.health;
  const { activity, failed } = deliverySummary(health.health);
  const label = FORWARD_STATE_LABELS[State];
  const said = [label, ...(failed ? [failed] : []), activity].join(', ');
  return (
    <button
      type="button"
      aria-label={`${said}: health of ${name}`}
      title={`${label} · ${deliveryDetails(health.health)}. Show the delivery health`}
      onClick={() => {
        open(id);
      }}
      className={`${LAYOUT} rounded-lg text-left text-[11px]/4 hover:bg-slate-100 ${focusRingInset}`}
    >
      <span className="flex max-w-full min-w-0 items-center gap-1 in-[dd]:contents">
        <span className="shrink-0">
          <HealthStateBadge state={State} size="sm" />
        </span>
        {failed && (
          <>
            <span
              aria-hidden="true"
              className="hidden text-slate-500 in-[dd]:order-last in-[dd]:inline"
            >
              ·
            </span>
            <span className="truncate font-medium text-rose-700 in-[dd]:order-last">{failed}</span>
          </>
        )}
      </span>
      <span className="max-w-full min-w-0 truncate text-slate-600">{activity}</span>
    </button>
  );
}
