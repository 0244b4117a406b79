import { hashKey, useQueries } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Card } from '@app/components/ui/Card';
import { focusRing } from '@app/components/ui/focus';
import type { DeviceGroup } from '@app/features/outbox/model/entries';
import { shownStatus, watchesOf } from '@app/features/outbox/model/follow-up';
import type { FollowUp } from '@app/features/outbox/registry';
import { EntryRow } from './EntryRow';

// While a sent change waits for the device, what it waits on is looked at this often.
export const FOLLOW_UP_POLL_MS = 10_000;

/** One device's changes; polls the device data its sent changes wait on, until they are done. */
export function DeviceOutbox({ group }: { group: DeviceGroup }) {
  const watches = watchesOf(group.imei, group.entries);
  const results = useQueries({
    queries: watches.map(({ followUp, waiting }) => ({
      ...followUp.query(group.imei),
      refetchInterval: (query: { state: { data: unknown } }) => {
        const data = query.state.data;
        const finished =
          data !== undefined && waiting.every((entry) => followUp.isDone(entry, data));
        return finished ? false : FOLLOW_UP_POLL_MS;
      },
    })),
  });
  const dataOf = (followUp: FollowUp<unknown>) => {
    const key = hashKey(followUp.query(group.imei).queryKey);
    return results[watches.findIndex((watch) => watch.key === key)]?.data;
  };

  return (
    <Card
      title={
        <Link
          to="/device/$id"
          params={{ id: group.deviceId }}
          className={`rounded-sm font-mono text-brand-700 underline-offset-2 hover:underline ${focusRing}`}
        >
          {group.imei}
        </Link>
      }
      actions={<span className="text-xs text-slate-600">{group.entries.length} change(s)</span>}
    >
      <ol className="-my-3 divide-y divide-slate-100">
        {group.entries.map((entry) => (
          <EntryRow key={entry.mutationId} entry={entry} status={shownStatus(entry, dataOf)} />
        ))}
      </ol>
    </Card>
  );
}
