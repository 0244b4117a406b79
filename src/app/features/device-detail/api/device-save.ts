import type { QueryClient } from '@tanstack/react-query';
import type { SaveStep } from '../model/save-plan';
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

/** One step as its own keyed write, so each can later be queued and replayed on its own. */
function runStep(client: QueryClient, step: SaveStep): Promise<unknown> {
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
      return runMutation(client, saveNoteMutationOptions(), step.variables);
    case 'name':
      return runMutation(client, saveNameMutationOptions(), step.variables);
    case 'settings':
      return runMutation(client, saveSettingsMutationOptions(), step.variables);
  }
}

/**
 * Runs the steps one after the other and stops at the first failure (already toasted by the api
 * client): a later step may depend on an earlier one, such as a group on its customer.
 */
export async function runDeviceSave(client: QueryClient, steps: readonly SaveStep[]) {
  for (const step of steps) await runStep(client, step);
}
