import type { ReactNode } from 'react';
import {
  FAILING_AFTER_ATTEMPTS,
  FAILING_AFTER_MS,
  type ForwardHealth,
  type ForwardState,
} from '@shared/forwards/forward-health';
import { dayjs } from '@app/lib/dayjs';
import { formatBacklog, formatCount, formatInstant, formatLag } from './health-format';
import { HealthStateBadge } from './HealthStateBadge';

/** What each state means, under the badge (the contract's definitions). */
export const STATE_MEANINGS: Record<ForwardState, string> = {
  delivering: 'Caught up, or sending without errors.',
  retrying: 'The last attempt failed; the next one is scheduled.',
  failing: `Attempts have failed for over ${String(FAILING_AFTER_MS / 60_000)} minutes, or ${String(FAILING_AFTER_ATTEMPTS)} times in a row.`,
  paused: "The forward's Status is Server Down: messages are held and sent once it is up again.",
};

/** An instant with how long ago (or how soon) it is: '12-05-2025 10:31:02 (2 minutes ago)'. */
function When({ iso, none = '–' }: { iso: string | null; none?: string }) {
  if (iso === null) return none;
  return (
    <>
      <time dateTime={iso}>{formatInstant(iso)}</time>{' '}
      <span className="text-slate-600">({dayjs(iso).fromNow()})</span>
    </>
  );
}

function Fact({
  term,
  wide = false,
  children,
}: {
  term: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'col-span-2 min-w-0 sm:col-span-3' : 'min-w-0'}>
      <dt className="text-xs font-semibold text-slate-600">{term}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

/** Everything the health says about one forward, for its detail panel. */
export function HealthFacts({
  health,
  updatedAt,
}: {
  health: ForwardHealth;
  updatedAt: number | null;
}) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <HealthStateBadge state={health.State} />
          <span className="text-sm text-slate-700">{STATE_MEANINGS[health.State]}</span>
        </div>
        {updatedAt !== null && (
          <span className="text-xs text-slate-600">
            Updated {dayjs(updatedAt).format('HH:mm:ss')}
          </span>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-3">
        <Fact term="Backlog">{formatBacklog(health)}</Fact>
        <Fact term="Lag">{formatLag(health.LagSeconds)}</Fact>
        <Fact term="Replay remaining">{formatCount(health.ReplayRemaining)}</Fact>
        <Fact term="Delivered 24h">{formatCount(health.Delivered24h)}</Fact>
        <Fact term="Failed 24h">{formatCount(health.Failed24h)}</Fact>
        <Fact term="Given up 24h">{formatCount(health.GivenUp24h)}</Fact>
        <Fact term="Last delivered" wide>
          <When iso={health.LastDeliveredAt} none="Never" />
        </Fact>
        <Fact term="Next attempt" wide>
          <When iso={health.NextAttemptAt} none="None scheduled" />
        </Fact>
      </dl>
      <section aria-label="Last error">
        <h3 className="text-xs font-semibold text-slate-600">Last error</h3>
        {health.LastError === null ? (
          <p className="mt-0.5 text-sm text-slate-700">None</p>
        ) : (
          <div className="mt-1 rounded-lg bg-rose-50 p-3 text-sm text-rose-900 ring-1 ring-rose-200 ring-inset">
            <p className="text-xs text-rose-800">
              <When iso={health.LastErrorAt} />
            </p>
            <p className="mt-1 font-mono text-xs break-words whitespace-pre-wrap">
              {health.LastError}
            </p>
          </div>
        )}
      </section>
    </div>
  );
}
