import type { MutationKey, MutationOptions } from '@tanstack/react-query';
import {
  createRequestMutationOptions,
  removeRequestMutationOptions,
  updateRequestMutationOptions,
} from '../../device-detail/api/modem-requests';
import {
  saveNameMutationOptions,
  saveNoteMutationOptions,
} from '../../device-detail/api/assignments';
import {
  editSettingMutationOptions,
  removeSettingMutationOptions,
  removeUnprocessedMutationOptions,
  saveSettingsMutationOptions,
} from '../../device-detail/api/settings';

// Each factory has its own variables type; as defaults they are only looked up by key.
type AnyWriteOptions = MutationOptions<unknown, Error, never> & { mutationKey: MutationKey };

/**
 * The device writes an installer can make offline (issue 4): modem requests, settings of every
 * tab (settings, tacho, thresholds, endpoints and message flags), history edits, note and name.
 * Customer, group and forward changes need the office's live view and stay online-only.
 */
export const queuedWriteOptions = (): AnyWriteOptions[] =>
  [
    createRequestMutationOptions(),
    updateRequestMutationOptions(),
    removeRequestMutationOptions(),
    saveSettingsMutationOptions(),
    editSettingMutationOptions(),
    removeSettingMutationOptions(),
    removeUnprocessedMutationOptions(),
    saveNoteMutationOptions(),
    saveNameMutationOptions(),
  ] as unknown as AnyWriteOptions[];
