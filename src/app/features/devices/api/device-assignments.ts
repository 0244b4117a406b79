import { mutationOptions } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import { apiPaths } from '@shared/api/api-paths';
import type { DeviceListBody } from '@shared/devices/devices';
import { MAX_DEVICES_PER_CHANGE } from '@shared/devices/devices-list';
import { api } from '@app/lib/api-client';
import { stepToast, type ChangeStep } from '@app/features/devices/change-plan';
import { deviceKeys } from './device-keys';

const body = (imeis: string[]): DeviceListBody => ({ devices: imeis });

/** `POST devices/customerconnection/{customerId}`: the devices move to that customer. */
export const assignCustomer = (customerId: number, imeis: string[]) =>
  api.post<unknown>(apiPaths.deviceCustomerConnection(customerId), body(imeis));

/** `PUT devices/customerconnection/`: the devices lose their customer (and their group). */
export const removeCustomer = (imeis: string[]) =>
  api.put<unknown>(apiPaths.deviceCustomerConnection(), body(imeis));

/** `POST devices/configurationgroups/{groupId}`. */
export const assignGroup = (groupId: number, imeis: string[]) =>
  api.post<unknown>(apiPaths.deviceConfigurationGroups(groupId), body(imeis));

/** `PUT devices/configurationgroups/`: the devices lose their configuration group. */
export const removeGroup = (imeis: string[]) =>
  api.put<unknown>(apiPaths.deviceConfigurationGroups(), body(imeis));

function callFor(step: ChangeStep, imeis: string[]): Promise<unknown> {
  switch (step.kind) {
    case 'assignCustomer':
      return assignCustomer(step.customerId, imeis);
    case 'removeCustomer':
      return removeCustomer(imeis);
    case 'assignGroup':
      return assignGroup(step.groupId, imeis);
    case 'removeGroup':
      return removeGroup(imeis);
  }
}

/**
 * Runs the steps one after the other (the group step relies on the customer step), each split
 * into calls the API accepts, and toasts each finished step. A failure stops the rest: the api
 * client has already toasted it, and the steps before it stay done.
 */
export async function runChangeSteps(steps: readonly ChangeStep[]): Promise<void> {
  for (const step of steps) {
    for (let i = 0; i < step.imeis.length; i += MAX_DEVICES_PER_CHANGE) {
      await callFor(step, step.imeis.slice(i, i + MAX_DEVICES_PER_CHANGE));
    }
    const { tone, message } = stepToast(step);
    if (tone === 'warning') toast.warning(message);
    else toast.success(message);
  }
}

/** The Change Customer modal's save: the planned calls, then fresh lists either way. */
export const changeDevicesMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceKeys.change(),
    mutationFn: (steps: ChangeStep[]) => runChangeSteps(steps),
    // Also after a failure: the steps before it did change devices.
    onSettled: (_data, _error, _steps, _result, { client }) =>
      client.invalidateQueries({ queryKey: deviceKeys.all }),
  });
