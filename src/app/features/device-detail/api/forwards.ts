import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import { apiPaths } from '@shared/api/api-paths';
import type { DeviceForward, MessageTypeName } from '@shared/forwards/forwards';
import { api } from '@app/lib/api-client';
import { forwardKeys } from '@app/lib/lookups/forwards';
import { deviceDetailKeys, deviceWriteKeys } from './keys';

export const deviceForwardsQueryOptions = (imei: string) =>
  queryOptions({
    queryKey: deviceDetailKeys.forwards(imei),
    queryFn: ({ signal }) => api.get<DeviceForward[]>(apiPaths.deviceForwards(imei), { signal }),
  });

/** The slots, and every forward list and lookup: they count the devices per forward. */
const forwardsChanged = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: forwardKeys.all });

export interface AssignForwardVariables {
  imei: string;
  MessageType: MessageTypeName;
  ForwardId: number;
}

const assignBody = ({ imei, MessageType, ForwardId }: AssignForwardVariables) => ({
  IMEI: imei,
  MessageType,
  ForwardId,
});

/** A slot with protocol 'non' gets a forward: `POST devices/forwards/` (spec 01 §4). */
export const createForwardMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.forwardCreate(),
    mutationFn: (variables: AssignForwardVariables) =>
      api.post<DeviceForward>(apiPaths.deviceForwards(), assignBody(variables)),
    onSuccess: (_slot, _variables, _result, { client }) => {
      toast.success('Forward saved');
      return forwardsChanged(client);
    },
  });

/** A slot with a forward gets another one: `PUT devices/forwards/`. */
export const updateForwardMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.forwardUpdate(),
    mutationFn: (variables: AssignForwardVariables) =>
      api.put<DeviceForward>(apiPaths.deviceForwards(), assignBody(variables)),
    onSuccess: (_slot, _variables, _result, { client }) => {
      toast.success('Forward updated');
      return forwardsChanged(client);
    },
  });

export interface RemoveForwardVariables {
  imei: string;
  /** The assignment's id (the slot's Id). */
  id: number;
}

export const removeForwardMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.forwardRemove(),
    mutationFn: ({ id }: RemoveForwardVariables) =>
      api.delete<DeviceForward>(apiPaths.deviceForwards(id)),
    onSuccess: (_slot, _variables, _result, { client }) => {
      toast.success('Forward removed');
      return forwardsChanged(client);
    },
  });
