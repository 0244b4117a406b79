import { hashKey } from '@tanstack/react-query';
import { registeredWrite, type FollowUp } from '@app/features/outbox/registry';
import type { ShownStatus } from '@app/features/outbox/components/StatusBadge';
import type { OutboxEntry } from './entries';

/** What a sent change waits for on the device, as its kind registered it; null: nothing. */
export const followUpOf = (entry: Pick<OutboxEntry, 'kind'>): FollowUp<unknown> | null =>
  registeredWrite(entry.kind)?.followUp ?? null;

/** One device query the Outbox screen watches, and the sent changes waiting on it. */
export interface Watch {
  key: string;
  followUp: FollowUp<unknown>;
  waiting: OutboxEntry[];
}

/** The device queries a device's sent changes wait on, each once (several kinds share one). */
export function watchesOf(imei: string, entries: readonly OutboxEntry[]): Watch[] {
  const watches = new Map<string, Watch>();
  for (const entry of entries) {
    const followUp = entry.status === 'sent' ? followUpOf(entry) : null;
    if (!followUp) continue;
    const key = hashKey(followUp.query(imei).queryKey);
    const watch = watches.get(key) ?? { key, followUp, waiting: [] };
    watch.waiting.push(entry);
    watches.set(key, watch);
  }
  return [...watches.values()];
}

/**
 * A change's state, refined by what the device did with a sent one: done once the data of
 * the query it waits on says so, awaiting until then.
 */
export function shownStatus(
  entry: OutboxEntry,
  dataOf: (followUp: FollowUp<unknown>) => unknown,
): ShownStatus {
  if (entry.status !== 'sent') return entry.status;
  const followUp = followUpOf(entry);
  if (!followUp) return 'sent';
  const data = dataOf(followUp);
  return data !== undefined && followUp.isDone(entry, data) ? followUp.done : 'awaiting';
}
