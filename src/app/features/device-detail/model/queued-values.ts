import type { SettingValue } from '@shared/devices/devices';
import { useDeviceOutbox, waitingOfKind, type OutboxEntry } from '@app/features/outbox';
import { deviceWriteKeys } from '@app/features/device-detail/api/keys';

const SETTINGS = deviceWriteKeys.settings()[1];
const NOTE = deviceWriteKeys.note()[1];
const NAME = deviceWriteKeys.name()[1];

/**
 * The values of a device's settings changes still waiting in the outbox, later ones winning:
 * what the installer sees in the forms until the server has them.
 */
export function queuedSettingValues(entries: readonly OutboxEntry[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const entry of waitingOfKind(entries, SETTINGS)) {
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
  for (const entry of waitingOfKind(entries, NOTE)) values.note = String(entry.variables.note);
  for (const entry of waitingOfKind(entries, NAME)) values.name = String(entry.variables.name);
  return values;
}

/** A device's settings changes still waiting to be sent, as the forms should show them. */
export function useQueuedSettings(imei: string): Record<string, string> {
  return queuedSettingValues(useDeviceOutbox(imei));
}
