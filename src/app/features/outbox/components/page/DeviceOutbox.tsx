import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Card } from '../../../../components/ui/Card';
import { modemRequestsQueryOptions } from '../../../device-detail/api/modem-requests';
import { settingsHistoryQueryOptions } from '../../../device-detail/api/settings';
import type { DeviceGroup, OutboxEntry } from '../../model/entries';
import { followUpOf, isExecuted, isProcessed } from '../../model/follow-up';
import type { ShownStatus } from '../StatusBadge';
import { EntryRow } from './EntryRow';

// While a sent change waits for the device, its requests or settings are looked at this often.
export const FOLLOW_UP_POLL_MS = 10_000;

/** A sent change's state, refined by what the device did with it. */
function shownStatus(
  entry: OutboxEntry,
  requests: Parameters<typeof isExecuted>[1] | undefined,
  history: Parameters<typeof isProcessed>[1] | undefined,
): ShownStatus {
  if (entry.status !== 'sent') return entry.status;
  const followUp = followUpOf(entry);
  if (followUp === 'executed')
    return requests && isExecuted(entry, requests) ? 'executed' : 'awaiting';
  if (followUp === 'processed')
    return history && isProcessed(entry, history) ? 'processed' : 'awaiting';
  return 'sent';
}

/** One device's changes; polls the device's requests and settings while a sent one waits. */
export function DeviceOutbox({ group }: { group: DeviceGroup }) {
  const sent = group.entries.filter((entry) => entry.status === 'sent');

  // Polled until every sent change of that kind has been picked up by the device.
  const pollUntil =
    <T,>(kind: 'executed' | 'processed', done: (entry: OutboxEntry, data: T) => boolean) =>
    (query: { state: { data: T | undefined } }) => {
      const data = query.state.data;
      const finished =
        data !== undefined && sent.every((e) => followUpOf(e) !== kind || done(e, data));
      return finished ? false : FOLLOW_UP_POLL_MS;
    };
  const requests = useQuery({
    ...modemRequestsQueryOptions(group.imei),
    enabled: sent.some((entry) => followUpOf(entry) === 'executed'),
    refetchInterval: pollUntil('executed', isExecuted),
  });
  const history = useQuery({
    ...settingsHistoryQueryOptions(group.imei),
    enabled: sent.some((entry) => followUpOf(entry) === 'processed'),
    refetchInterval: pollUntil('processed', isProcessed),
  });

  return (
    <Card
      title={
        <Link
          to="/device/$id"
          params={{ id: group.deviceId }}
          className="font-mono text-brand-700 underline-offset-2 hover:underline"
        >
          {group.imei}
        </Link>
      }
      actions={<span className="text-xs text-slate-500">{group.entries.length} change(s)</span>}
    >
      <ol className="-my-3 divide-y divide-slate-100">
        {group.entries.map((entry) => (
          <EntryRow
            key={entry.mutationId}
            entry={entry}
            status={shownStatus(entry, requests.data, history.data)}
          />
        ))}
      </ol>
    </Card>
  );
}
