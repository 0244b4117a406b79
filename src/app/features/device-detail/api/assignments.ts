import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import { apiPaths } from '@shared/api/api-paths';
import type {
  DeviceConfigurationGroup,
  DeviceCustomer,
  DeviceDetail,
} from '@shared/devices/devices';
import { api } from '@app/lib/api-client';
import { isReplay, sendWrite, type DeviceWriteVariables } from '@app/features/outbox';
import { deviceDetailKeys, deviceWriteKeys, type DeviceRef } from './keys';

/** The bulk calls take a list; the device screen always sends its one device. */
const devicesBody = (imei: string) => ({ devices: [imei] });

const assignmentChanged = (client: QueryClient, ref: DeviceRef) =>
  Promise.all([
    client.invalidateQueries({ queryKey: deviceDetailKeys.device(ref.deviceId) }),
    client.invalidateQueries({ queryKey: deviceDetailKeys.customerHistory(ref.deviceId) }),
  ]);

export interface AssignCustomerVariables extends DeviceRef {
  customerId: number;
}

export const assignCustomerMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.customerAssign(),
    mutationFn: ({ imei, customerId }: AssignCustomerVariables) =>
      api.post<DeviceCustomer[]>(apiPaths.deviceCustomerConnection(customerId), devicesBody(imei)),
    onSuccess: (answer, variables, _result, { client }) => {
      // The spelling is the spec's (01 §8).
      toast.success(`${variables.imei} succesfully added to ${answer[0]?.Customer ?? ''}`);
      return assignmentChanged(client, variables);
    },
  });

export const removeCustomerMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.customerRemove(),
    mutationFn: ({ imei }: DeviceRef) =>
      api.put<DeviceCustomer[]>(apiPaths.deviceCustomerConnection(), devicesBody(imei)),
    onSuccess: (answer, variables, _result, { client }) => {
      toast.success(`${answer.length} device(s) succesfully removed from customer`);
      return assignmentChanged(client, variables);
    },
  });

export interface AssignGroupVariables extends DeviceRef {
  groupId: number;
}

export const assignGroupMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.groupAssign(),
    mutationFn: ({ imei, groupId }: AssignGroupVariables) =>
      api.post<DeviceConfigurationGroup[]>(
        apiPaths.deviceConfigurationGroups(groupId),
        devicesBody(imei),
      ),
    onSuccess: (answer, variables, _result, { client }) => {
      toast.success(`${answer[0]?.ConfigurationGroup ?? ''} successfully saved to device`);
      return assignmentChanged(client, variables);
    },
  });

export const removeGroupMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.groupRemove(),
    mutationFn: ({ imei }: DeviceRef) =>
      api.put<DeviceConfigurationGroup[]>(apiPaths.deviceConfigurationGroups(), devicesBody(imei)),
    onSuccess: (_answer, variables, _result, { client }) => {
      toast.success(`Configuration group successfully removed from ${variables.imei}`);
      return assignmentChanged(client, variables);
    },
  });

export interface NoteVariables extends DeviceWriteVariables {
  note: string;
}

/** `POST devices/note/ { imei, note }`; the answer is the reloaded device. */
export const saveNoteMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.note(),
    mutationFn: (variables: NoteVariables) =>
      sendWrite(variables, (options) =>
        api.post<DeviceDetail>(
          apiPaths.deviceNote,
          { imei: variables.imei, note: variables.note },
          options,
        ),
      ),
    onSuccess: (device, variables, _result, { client }) => {
      // The spec names no toast for note and name; without one a note-only save looks ignored.
      if (!isReplay(variables)) toast.success(`Note saved for ${variables.imei}`);
      client.setQueryData(deviceDetailKeys.device(variables.deviceId), device);
    },
  });

export interface NameVariables extends DeviceWriteVariables {
  name: string;
}

export const saveNameMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.name(),
    mutationFn: (variables: NameVariables) =>
      sendWrite(variables, (options) =>
        api.post<DeviceDetail>(
          apiPaths.deviceName,
          { imei: variables.imei, name: variables.name },
          options,
        ),
      ),
    onSuccess: (device, variables, _result, { client }) => {
      if (!isReplay(variables)) toast.success(`Name saved for ${variables.imei}`);
      client.setQueryData(deviceDetailKeys.device(variables.deviceId), device);
    },
  });
