import type { DeviceSetting, ModemRequest, SettingValue } from '@shared/devices/devices';
import type { OutboxEntry } from '@app/features/outbox';

const idOf = (answer: unknown): number | undefined =>
  typeof answer === 'object' && answer !== null && 'Id' in answer && typeof answer.Id === 'number'
    ? answer.Id
    : undefined;

/** A sent request is executed once the device's list shows it with Executed set. */
export function isExecuted(entry: OutboxEntry, requests: readonly ModemRequest[]): boolean {
  const id = idOf(entry.answer);
  return requests.some((request) => request.Id === id && request.Executed !== null);
}

/**
 * A sent settings change is processed once, for each setting, the newest history row with its
 * name and value is marked Processed (the device applied it).
 */
export function isProcessed(entry: OutboxEntry, history: readonly DeviceSetting[]): boolean {
  if (entry.kind === 'setting-edit') {
    const id = idOf(entry.answer);
    return history.some((row) => row.Id === id && row.Processed);
  }
  const sent = entry.variables.settings as SettingValue[];
  return sent.every((setting) => {
    const rows = history.filter(
      (row) => row.SettingName === setting.SettingName && row.Value === setting.Value,
    );
    const newest = rows.reduce<DeviceSetting | undefined>(
      (best, row) => (best === undefined || row.Id > best.Id ? row : best),
      undefined,
    );
    return newest?.Processed === true;
  });
}
