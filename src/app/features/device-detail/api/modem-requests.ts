import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiPaths } from '../../../../shared/api-paths';
import type { ModemRequest } from '../../../../shared/devices';
import { api } from '../../../lib/api-client';
import { deviceDetailKeys, deviceWriteKeys } from './keys';

const newestFirst = (requests: ModemRequest[]) =>
  [...requests].sort((a, b) => b.Created.localeCompare(a.Created) || b.Id - a.Id);

export const modemRequestsQueryOptions = (imei: string) =>
  queryOptions({
    queryKey: deviceDetailKeys.modemRequests(imei),
    queryFn: async ({ signal }) =>
      newestFirst(await api.get<ModemRequest[]>(apiPaths.deviceModemRequests(imei), { signal })),
  });

const requestsChanged = (client: QueryClient, imei: string) =>
  client.invalidateQueries({ queryKey: deviceDetailKeys.modemRequests(imei) });

export interface CreateRequestVariables {
  imei: string;
  Command: string;
  CommandType: number;
}

/** `POST devices/modemrequests/{imei}`: also the quick request buttons of the Information tab. */
export const createRequestMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.requestCreate(),
    mutationFn: ({ imei, Command, CommandType }: CreateRequestVariables) =>
      api.post<ModemRequest>(apiPaths.deviceModemRequests(imei), { Command, CommandType }),
    onSuccess: (_request, { imei }, _result, { client }) => {
      toast.success('The request has been sent');
      return requestsChanged(client, imei);
    },
  });

export interface UpdateRequestVariables extends CreateRequestVariables {
  Id: number;
}

export const updateRequestMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.requestUpdate(),
    mutationFn: ({ imei, Id, Command, CommandType }: UpdateRequestVariables) =>
      api.put<ModemRequest>(apiPaths.deviceModemRequests(imei), {
        Id,
        IMEI: imei,
        Command,
        CommandType,
      }),
    onSuccess: (_request, { imei }, _result, { client }) => {
      toast.success('The request has been updated');
      return requestsChanged(client, imei);
    },
  });

export interface RemoveRequestVariables {
  imei: string;
  id: number;
}

export const removeRequestMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceWriteKeys.requestRemove(),
    mutationFn: ({ id }: RemoveRequestVariables) =>
      api.delete<ModemRequest>(apiPaths.deviceModemRequests(id)),
    onSuccess: (_request, { imei }, _result, { client }) => {
      toast.success('The request has been removed');
      return requestsChanged(client, imei);
    },
  });
