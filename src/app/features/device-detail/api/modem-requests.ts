import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import { apiPaths } from '@shared/api/api-paths';
import type { ModemRequest } from '@shared/devices/devices';
import { api } from '@app/lib/api-client';
import { isReplay, sendWrite, type DeviceWriteVariables } from '@app/features/outbox';
import { deviceDetailKeys, deviceWriteKeys } from './keys';

const newestFirst = (requests: ModemRequest[]) =>
  [...requests].sort((a, b) => b.Created.localeCompare(a.Created) || b.Id - a.Id);

export const modemRequestsQueryOptions = (imei: string) =>
  queryOptions({
    queryKey: deviceDetailKeys.modemRequests(imei),
    queryFn: async ({ signal }) =>
      newestFirst(await api.get<ModemRequest[]>(apiPaths.deviceModemRequests(imei), { signal })),
  });

// Not awaited by the writes: a refetch that waits for the connection must not hold the device's
// queue (the next change waits for this one to settle).
const requestsChanged = (client: QueryClient, imei: string) =>
  client.invalidateQueries({ queryKey: deviceDetailKeys.modemRequests(imei) });

export interface CreateRequestVariables extends DeviceWriteVariables {
  Command: string;
  CommandType: number;
}

/** `POST devices/modemrequests/{imei}`: also the quick request buttons of the Information tab. */
export const createRequestMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.requestCreate(),
    mutationFn: (variables: CreateRequestVariables) =>
      sendWrite(variables, (options) =>
        api.post<ModemRequest>(
          apiPaths.deviceModemRequests(variables.imei),
          { Command: variables.Command, CommandType: variables.CommandType },
          options,
        ),
      ),
    onSuccess: (_request, variables, _result, { client }) => {
      if (!isReplay(variables)) toast.success('The request has been sent');
      void requestsChanged(client, variables.imei);
    },
  });

export interface UpdateRequestVariables extends CreateRequestVariables {
  Id: number;
}

export const updateRequestMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.requestUpdate(),
    mutationFn: (variables: UpdateRequestVariables) =>
      sendWrite(variables, (options) =>
        api.put<ModemRequest>(
          apiPaths.deviceModemRequests(variables.imei),
          {
            Id: variables.Id,
            IMEI: variables.imei,
            Command: variables.Command,
            CommandType: variables.CommandType,
          },
          options,
        ),
      ),
    onSuccess: (_request, variables, _result, { client }) => {
      if (!isReplay(variables)) toast.success('The request has been updated');
      void requestsChanged(client, variables.imei);
    },
  });

export interface RemoveRequestVariables extends DeviceWriteVariables {
  id: number;
  /** Not sent: names the request in the Outbox. */
  Command?: string;
}

export const removeRequestMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.requestRemove(),
    mutationFn: (variables: RemoveRequestVariables) =>
      sendWrite(variables, (options) =>
        api.delete<ModemRequest>(apiPaths.deviceModemRequests(variables.id), options),
      ),
    onSuccess: (_request, variables, _result, { client }) => {
      if (!isReplay(variables)) toast.success('The request has been removed');
      void requestsChanged(client, variables.imei);
    },
  });
