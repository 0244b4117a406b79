import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import { apiPaths } from '@shared/api/api-paths';
import type { User, UserCreateInput, UserSaveInput } from '@shared/access/users';
import { api } from '@app/lib/api-client';
import { roleKeys } from '@app/lib/lookups';

/** Query and mutation keys of users; invalidating `all` refreshes every users list. */
export const userKeys = {
  all: ['users'] as const,
  ofCustomer: (customerId: number) => [...userKeys.all, 'customer', customerId] as const,
  write: () => [...userKeys.all, 'write'] as const,
};

/** The users queries, one factory per call. */
export const userQueries = {
  /** `GET users/customer/{id}`: a customer's users (customer detail, the account's Users tab). */
  ofCustomer: (customerId: number) =>
    queryOptions({
      queryKey: userKeys.ofCustomer(customerId),
      queryFn: ({ signal }) => api.get<User[]>(apiPaths.usersOfCustomer(customerId), { signal }),
    }),
};

/** The users lists, and the roles (their UsedBy counts users) load again. */
const usersChanged = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: userKeys.all }),
    client.invalidateQueries({ queryKey: roleKeys.all }),
  ]);

/** `POST users/` (spec 02 §8 toast, 'succesfully' as quoted). */
export const createUserMutationOptions = () =>
  mutationOptions({
    mutationKey: userKeys.write(),
    mutationFn: (body: UserCreateInput) => api.post<User>(apiPaths.users, body),
    onSuccess: (user, _body, _result, { client }) => {
      toast.success(`User ${user.Email} succesfully created`);
      return usersChanged(client);
    },
  });

export interface UpdateUserVariables {
  id: number;
  body: UserSaveInput;
}

/** `PUT users/{id}`. */
export const updateUserMutationOptions = () =>
  mutationOptions({
    mutationKey: userKeys.write(),
    mutationFn: ({ id, body }: UpdateUserVariables) => api.put<User>(apiPaths.user(id), body),
    onSuccess: (user, _variables, _result, { client }) => {
      toast.success(`User ${user.Email} succesfully updated`);
      return usersChanged(client);
    },
  });

/** `DELETE users/{id}`: the user goes and its sessions end. */
export const removeUserMutationOptions = () =>
  mutationOptions({
    mutationKey: userKeys.write(),
    mutationFn: (id: number) => api.delete<User>(apiPaths.user(id)),
    onSuccess: (_user, _id, _result, { client }) => {
      toast.warning('User succesfully removed!');
      return usersChanged(client);
    },
  });
