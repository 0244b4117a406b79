import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import { tachoApiPaths } from '@shared/tacho/api-paths-tacho';
import type { AuthServer, AuthServerCreate, AuthServerUpdate } from '@shared/access/auth-servers';
import { api } from '@app/lib/api-client';
import { authServerKeys } from '@app/lib/lookups/auth-servers';

const writeKey = [...authServerKeys.all, 'write'] as const;

/** The /tacho list, its count and every customer's server lookup. */
const serversChanged = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: authServerKeys.all });

// Toasts as spec 02 §8 quotes them ('succesfully' included).

/** `POST authservers/`. */
export const createAuthServerMutationOptions = () =>
  mutationOptions({
    mutationKey: writeKey,
    mutationFn: (body: AuthServerCreate) => api.post<AuthServer>(tachoApiPaths.authServers, body),
    onSuccess: (server, _body, _result, { client }) => {
      toast.success(`Authentication Server ${server.Name} succesfully created!`);
      return serversChanged(client);
    },
  });

/** `PUT authservers/{id}`: a password left blank stays as it is. */
export const updateAuthServerMutationOptions = () =>
  mutationOptions({
    mutationKey: writeKey,
    mutationFn: ({ id, body }: { id: number; body: AuthServerUpdate }) =>
      api.put<AuthServer>(tachoApiPaths.authServer(id), body),
    onSuccess: (server, _variables, _result, { client }) => {
      toast.success(`Authentication Server ${server.Name} succesfully updated!`);
      return serversChanged(client);
    },
  });

/** `DELETE authservers/{id}`: refused (400, toasted by the api client) while cards use it. */
export const removeAuthServerMutationOptions = () =>
  mutationOptions({
    mutationKey: writeKey,
    mutationFn: (id: number) => api.delete<AuthServer>(tachoApiPaths.authServer(id)),
    onSuccess: (_server, _id, _result, { client }) => {
      toast.success('Authentication server succesfully removed!');
      return serversChanged(client);
    },
  });
