import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import { apiPaths } from '@shared/api/api-paths';
import type {
  ForwardCreate,
  ForwardUpdate,
  IntegrationCreate,
  IntegrationUpdate,
} from '@shared/forwards/forward-form';
import type { Forward } from '@shared/forwards/forwards';
import { api } from '@app/lib/api-client';
import { forwardKeys } from '@app/lib/lookups/forwards';

const writeKey = [...forwardKeys.all, 'write'] as const;

/** The forwards list, the device forward modal's lookup and every device's slots. */
const forwardsChanged = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: forwardKeys.all });

/** Spec 02 §8: one forward per protocol, so the toast says Forward or Forwards. */
export const createdToast = (created: readonly Forward[]) => {
  const name = created[0]?.Name ?? '';
  return created.length === 1
    ? `Forward ${name} successfully created!`
    : `Forwards ${name} successfully created!`;
};

/** `POST forwards/`: one forward per chosen protocol. */
export const createForwardMutationOptions = () =>
  mutationOptions({
    mutationKey: writeKey,
    mutationFn: (body: ForwardCreate) => api.post<Forward[]>(apiPaths.forwards, body),
    onSuccess: (created, _body, _result, { client }) => {
      toast.success(createdToast(created));
      return forwardsChanged(client);
    },
  });

export interface UpdateVariables<T> {
  id: number;
  body: T;
}

/** `PUT forwards/{id}` ('succesfully' as spec 02 §8 quotes it). */
export const updateForwardMutationOptions = () =>
  mutationOptions({
    mutationKey: writeKey,
    mutationFn: ({ id, body }: UpdateVariables<ForwardUpdate>) =>
      api.put<Forward>(apiPaths.forward(id), body),
    onSuccess: (forward, _variables, _result, { client }) => {
      toast.success(`Forward ${forward.Name} succesfully updated!`);
      return forwardsChanged(client);
    },
  });

/** `POST forwards/integration`: an Azure IoT hub, a forward of integration type 2. */
export const createIntegrationMutationOptions = () =>
  mutationOptions({
    mutationKey: writeKey,
    mutationFn: (body: IntegrationCreate) => api.post<Forward>(apiPaths.forwardIntegrations, body),
    onSuccess: (forward, _body, _result, { client }) => {
      toast.success(createdToast([forward]));
      return forwardsChanged(client);
    },
  });

/** `PUT forwards/integration/{id}`. */
export const updateIntegrationMutationOptions = () =>
  mutationOptions({
    mutationKey: writeKey,
    mutationFn: ({ id, body }: UpdateVariables<IntegrationUpdate>) =>
      api.put<Forward>(apiPaths.forwardIntegration(id), body),
    onSuccess: (forward, _variables, _result, { client }) => {
      toast.success(`Forward ${forward.Name} succesfully updated!`);
      return forwardsChanged(client);
    },
  });

/** `DELETE forwards/{id}`: the devices using it get their slot back to 'non'. */
export const removeForwardMutationOptions = () =>
  mutationOptions({
    mutationKey: writeKey,
    mutationFn: (id: number) => api.delete<Forward>(apiPaths.forward(id)),
    onSuccess: (_forward, _id, _result, { client }) => {
      toast.success('Forward removed');
      return forwardsChanged(client);
    },
  });
