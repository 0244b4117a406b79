import type { Mutation } from '@tanstack/react-query';
import { registeredWrite } from '@app/features/outbox/registry';
import { failureOf, type OutboxFailure } from '@app/features/outbox/queue/policy';
import { tagOf, type DeviceWriteVariables } from '@app/features/outbox/queue/tag';

/**
 * Where a change is: waiting to be sent, on its way, refused (failed or in conflict), or answered
 * by the server (sent; the Outbox screen then watches the device process or execute it).
 */
export type EntryStatus = 'queued' | 'sending' | 'failed' | 'conflict' | 'sent';

export interface OutboxEntry {
  mutationId: number;
  /** The change's id, sent as its Idempotency-Key. */
  id: string;
  kind: string;
  deviceId: number;
  imei: string;
  title: string;
  detail: string;
  createdAt: number;
  status: EntryStatus;
  failure: OutboxFailure | null;
  /** Failed attempts so far (network errors, server errors). */
  attempts: number;
  variables: DeviceWriteVariables & Record<string, unknown>;
  /** The server's answer once sent. */
  answer: unknown;
}

export function statusOf(mutation: Mutation): EntryStatus {
  const { state } = mutation;
  if (state.status === 'success') return 'sent';
  if (state.status === 'error') {
    return failureOf(state.error)?.kind === 'conflict' ? 'conflict' : 'failed';
  }
  return state.isPaused || state.status === 'idle' ? 'queued' : 'sending';
}

export function toEntry(mutation: Mutation): OutboxEntry {
  const variables = mutation.state.variables as OutboxEntry['variables'];
  const second: unknown = mutation.options.mutationKey?.[1];
  const kind = typeof second === 'string' ? second : '';
  const [title, detail] = registeredWrite(kind)?.describe(variables) ?? [kind, ''];
  const tag = tagOf(variables);
  return {
    mutationId: mutation.mutationId,
    id: tag?.id ?? '',
    kind,
    deviceId: variables.deviceId,
    imei: variables.imei,
    title,
    detail,
    createdAt: tag?.createdAt ?? mutation.state.submittedAt,
    status: statusOf(mutation),
    failure: failureOf(mutation.state.error),
    attempts: mutation.state.failureCount,
    variables,
    answer: mutation.state.data,
  };
}

/** Counted in the menu badge: what still needs the connection or the installer. */
export const isOpen = (entry: Pick<OutboxEntry, 'status'>) => entry.status !== 'sent';

export interface DeviceGroup {
  imei: string;
  deviceId: number;
  entries: OutboxEntry[];
}

/** Entries per device, devices in the order of their oldest change, entries oldest first. */
export function groupByDevice(entries: readonly OutboxEntry[]): DeviceGroup[] {
  const groups = new Map<string, DeviceGroup>();
  const sorted = [...entries].sort((a, b) => a.createdAt - b.createdAt);
  for (const entry of sorted) {
    const group = groups.get(entry.imei);
    if (group) group.entries.push(entry);
    else groups.set(entry.imei, { imei: entry.imei, deviceId: entry.deviceId, entries: [entry] });
  }
  return [...groups.values()];
}

/** Changes of one kind not yet sent, oldest first: what a form shows until the server has it. */
export function waitingOfKind(entries: readonly OutboxEntry[], kind: string): OutboxEntry[] {
  return entries
    .filter((e) => e.kind === kind && (e.status === 'queued' || e.status === 'sending'))
    .sort((a, b) => a.createdAt - b.createdAt);
}
