import type { Mutation } from '@tanstack/react-query';
import type { SettingValue } from '../../../../shared/devices';
import { failureOf, type OutboxFailure } from '../queue/policy';
import { tagOf, type DeviceWriteVariables } from '../queue/tag';

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

const settingsText = (settings: readonly SettingValue[]) =>
  settings.map((s) => `${s.SettingName} = ${s.Value}`).join(', ');

type Vars = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : String(value));

/** Title and one line of detail per kind of write (the second element of its mutation key). */
const DESCRIBE: Record<string, (v: Vars) => [string, string]> = {
  settings: (v) => ['Settings', settingsText(v.settings as SettingValue[])],
  'setting-edit': (v) => ['Setting edit', `${text(v.SettingName)} = ${text(v.Value)}`],
  'setting-remove': (v) => ['Setting removal', text(v.SettingName ?? `Setting #${text(v.id)}`)],
  'unprocessed-remove': () => ['Unprocessed settings removal', 'Every unprocessed setting'],
  'request-create': (v) => ['Modem request', text(v.Command)],
  'request-update': (v) => ['Modem request edit', text(v.Command)],
  'request-remove': (v) => ['Modem request removal', text(v.Command ?? `Request #${text(v.id)}`)],
  note: (v) => ['Note', text(v.note)],
  name: (v) => ['Name', text(v.name)],
};

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
  const [title, detail] = DESCRIBE[kind]?.(variables) ?? [kind, ''];
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

/**
 * The values of a device's settings changes still waiting in the outbox, later ones winning:
 * what the installer sees in the forms until the server has them.
 */
export function queuedSettingValues(entries: readonly OutboxEntry[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const entry of waitingOfKind(entries, 'settings')) {
    for (const s of entry.variables.settings as SettingValue[]) values[s.SettingName] = s.Value;
  }
  return values;
}

/** A device's note and name still waiting to be sent (the last one queued wins). */
export function queuedNoteAndName(entries: readonly OutboxEntry[]): {
  note?: string;
  name?: string;
} {
  const values: { note?: string; name?: string } = {};
  for (const entry of waitingOfKind(entries, 'note')) values.note = text(entry.variables.note);
  for (const entry of waitingOfKind(entries, 'name')) values.name = text(entry.variables.name);
  return values;
}

/** Changes of one kind not yet sent, oldest first. */
function waitingOfKind(entries: readonly OutboxEntry[], kind: string): OutboxEntry[] {
  return entries
    .filter((e) => e.kind === kind && (e.status === 'queued' || e.status === 'sending'))
    .sort((a, b) => a.createdAt - b.createdAt);
}
