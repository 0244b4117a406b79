import type { SettingValue } from '@shared/devices/devices';
import { followUp, offlineWrite } from '@app/features/outbox';
import {
  saveNameMutationOptions,
  saveNoteMutationOptions,
  type NameVariables,
  type NoteVariables,
} from './api/assignments';
import { deviceWriteKeys } from './api/keys';
import {
  createRequestMutationOptions,
  modemRequestsQueryOptions,
  removeRequestMutationOptions,
  updateRequestMutationOptions,
  type CreateRequestVariables,
  type RemoveRequestVariables,
  type UpdateRequestVariables,
} from './api/modem-requests';
import {
  editSettingMutationOptions,
  removeSettingMutationOptions,
  removeUnprocessedMutationOptions,
  saveSettingsMutationOptions,
  settingsHistoryQueryOptions,
  type EditSettingVariables,
  type RemoveSettingVariables,
  type SaveSettingsVariables,
} from './api/settings';
import { isExecuted, isProcessed } from './model/follow-up';

const settingsText = (settings: readonly SettingValue[]) =>
  settings.map((s) => `${s.SettingName} = ${s.Value}`).join(', ');

// A sent request waits for the device to execute it; sent settings for it to process them.
const executed = followUp({
  done: 'executed',
  query: modemRequestsQueryOptions,
  isDone: isExecuted,
});
const processed = followUp({
  done: 'processed',
  query: settingsHistoryQueryOptions,
  isDone: isProcessed,
});

/**
 * The device writes an installer can make offline (issue 4), registered with the outbox by
 * src/app/start-outbox.ts: modem requests, settings of every tab (settings, tacho, thresholds,
 * endpoints and message flags), history edits, note and name. Customer, group and forward
 * changes need the office's live view and stay online-only.
 */
export const DEVICE_OFFLINE_WRITES = [
  offlineWrite({
    options: createRequestMutationOptions,
    describe: (v: CreateRequestVariables) => ['Modem request', v.Command],
    followUp: executed,
  }),
  offlineWrite({
    options: updateRequestMutationOptions,
    describe: (v: UpdateRequestVariables) => ['Modem request edit', v.Command],
    followUp: executed,
  }),
  offlineWrite({
    options: removeRequestMutationOptions,
    describe: (v: RemoveRequestVariables) => [
      'Modem request removal',
      v.Command ?? `Request #${v.id}`,
    ],
  }),
  offlineWrite({
    options: saveSettingsMutationOptions,
    describe: (v: SaveSettingsVariables) => ['Settings', settingsText(v.settings)],
    followUp: processed,
  }),
  offlineWrite({
    options: editSettingMutationOptions,
    describe: (v: EditSettingVariables) => ['Setting edit', `${v.SettingName} = ${v.Value}`],
    followUp: processed,
  }),
  offlineWrite({
    options: removeSettingMutationOptions,
    describe: (v: RemoveSettingVariables) => [
      'Setting removal',
      v.SettingName ?? `Setting #${v.id}`,
    ],
  }),
  offlineWrite({
    options: removeUnprocessedMutationOptions,
    describe: () => ['Unprocessed settings removal', 'Every unprocessed setting'],
  }),
  offlineWrite({
    options: saveNoteMutationOptions,
    describe: (v: NoteVariables) => ['Note', v.note],
  }),
  offlineWrite({
    options: saveNameMutationOptions,
    describe: (v: NameVariables) => ['Name', v.name],
  }),
];

const kind = (key: readonly string[]) => key[1] ?? '';

/** The kinds each device tab shows in its outbox notice. */
export const REQUEST_KINDS = [
  deviceWriteKeys.requestCreate(),
  deviceWriteKeys.requestUpdate(),
  deviceWriteKeys.requestRemove(),
].map(kind);
export const SETTINGS_KINDS = [
  deviceWriteKeys.settings(),
  deviceWriteKeys.settingEdit(),
  deviceWriteKeys.settingRemove(),
  deviceWriteKeys.unprocessedRemove(),
].map(kind);
export const INFORMATION_KINDS = [
  deviceWriteKeys.note(),
  deviceWriteKeys.name(),
  deviceWriteKeys.settings(),
].map(kind);
