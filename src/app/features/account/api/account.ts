import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@shared/api/api-paths';
import type { Account } from '@shared/access/auth';
import type { User, UserSaveInput } from '@shared/access/users';
import { api } from '@app/lib/api-client';

/** Keys of the signed-in user's own account (one factory: the profile's query and its save). */
export const accountKeys = {
  all: ['account'] as const,
  own: (userId: number) => [...accountKeys.all, userId] as const,
  save: () => [...accountKeys.all, 'save'] as const,
};

/**
 * `GET auth/account/{id}`: the signed-in user as stored now (an admin may have changed the
 * address since sign-in), so the Profile form starts from what a save would overwrite.
 */
export const accountQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: accountKeys.own(userId),
    queryFn: ({ signal }) => api.get<Account>(apiPaths.account(userId), { signal }),
  });

export interface ProfileSave {
  userId: number;
  body: UserSaveInput;
}

/**
 * `PUT users/{ownId}` with the email and, when typed, the new password (spec 02 §7). Nothing is
 * refreshed afterwards: the user signs in again (a new password has ended the session already).
 */
export const saveProfileMutationOptions = () =>
  mutationOptions({
    mutationKey: accountKeys.save(),
    mutationFn: ({ userId, body }: ProfileSave) => api.put<User>(apiPaths.user(userId), body),
  });
