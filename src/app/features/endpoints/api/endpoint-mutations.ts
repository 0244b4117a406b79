import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import { apiPaths } from '@shared/api/api-paths';
import type { Endpoint, EndpointCreate, EndpointUpdate } from '@shared/forwards/endpoints';
import { api } from '@app/lib/api-client';
import { endpointKeys } from '@app/lib/lookups/endpoints';

const writeKey = [...endpointKeys.all, 'write'] as const;

/** After a change: the list, its count and every endpoint select (device pages) load again. */
const endpointsChanged = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: endpointKeys.all });

/** `POST endpoints/` (spec 02 §8 toast, 'succesfully' as quoted). */
export const createEndpointMutationOptions = () =>
  mutationOptions({
    mutationKey: writeKey,
    mutationFn: (body: EndpointCreate) => api.post<Endpoint>(apiPaths.endpoints, body),
    onSuccess: (endpoint, _body, _result, { client }) => {
      toast.success(`Endpoint ${endpoint.Name} saved succesfully`);
      return endpointsChanged(client);
    },
  });

export interface UpdateEndpointVariables {
  id: string;
  body: EndpointUpdate;
}

/** `PUT endpoints/{id}`. */
export const updateEndpointMutationOptions = () =>
  mutationOptions({
    mutationKey: writeKey,
    mutationFn: ({ id, body }: UpdateEndpointVariables) =>
      api.put<Endpoint>(apiPaths.endpoint(id), body),
    onSuccess: (endpoint, _variables, _result, { client }) => {
      toast.success(`Endpoint ${endpoint.Name} updated succesfully`);
      return endpointsChanged(client);
    },
  });

/** `DELETE endpoints/{id}`: refused (400 `{ Id }`, toasted) while devices or profiles use it. */
export const removeEndpointMutationOptions = () =>
  mutationOptions({
    mutationKey: writeKey,
    mutationFn: (endpoint: Endpoint) => api.delete<Endpoint>(apiPaths.endpoint(endpoint.Id)),
    onSuccess: (_removed, endpoint, _result, { client }) => {
      toast.success(`Endpoint ${endpoint.Name} deleted`);
      return endpointsChanged(client);
    },
  });
