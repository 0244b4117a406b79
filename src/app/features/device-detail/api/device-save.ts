import type { QueryClient } from '@tanstack/react-query';
import type { DeviceDetail } from '@shared/devices/devices';
import { submitWrite, type WriteOutcome } from '@app/features/outbox';
import type { SaveStep } from '@app/features/device-detail/model/save-plan';
import { settingSnapshot } from '@app/features/device-detail/model/setting-snapshot';
import {
  assignCustomerMutationOptions,
  assignGroupMutationOptions,
  removeCustomerMutationOptions,
  removeGroupMutationOptions,
  saveNameMutationOptions,
  saveNoteMutationOptions,
} from './assignments';
import { runMutation } from './run-mutation';
import { saveSettingsMutationOptions } from './settings';

/**
 * One step as its own keyed write. Note, name and settings go through the outbox (queued while
 * offline); customer and group changes need the server at once.
 */
function runStep(client: QueryClient, device: DeviceDetail, step: SaveStep): Promise<unknown> {
  switch (step.kind) {
    case 'group-remove':
      return runMutation(client, removeGroupMutationOptions(), step.variables);
    case 'customer-remove':
      return runMutation(client, removeCustomerMutationOptions(), step.variables);
    case 'customer-assign':
      return runMutation(client, assignCustomerMutationOptions(), step.variables);
    case 'group-assign':
      return runMutation(client, assignGroupMutationOptions(), step.variables);
    case 'note':
      return submitWrite(client, saveNoteMutationOptions(), step.variables);
    case 'name':
      return submitWrite(client, saveNameMutationOptions(), step.variables);
    case 'settings': {
      const names = step.variables.settings.map((s) => s.SettingName);
      const base = settingSnapshot(device, names);
      return submitWrite(client, saveSettingsMutationOptions(), { ...step.variables, base });
    }
  }
}

/**
 * Runs the steps one after the other and stops at the first failure (already toasted by the api
 * client): a later step may depend on an earlier one, such as a group on its customer.
 */
export async function runDeviceSave(
  client: QueryClient,
  device: DeviceDetail,
  steps: readonly SaveStep[],
): Promise<WriteOutcome> {
  let outcome: WriteOutcome = 'sent';
  for (const step of steps) {
    if ((await runStep(client, device, step)) === 'queued') outcome = 'queued';
  }
  return outcome;
}
