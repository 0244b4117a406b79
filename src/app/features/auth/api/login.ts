import { mutationOptions } from '@tanstack/react-query';
import { apiPaths } from '@shared/api/api-paths';
import type { LoginResponse } from '@shared/access/auth';
import { api } from '@app/lib/api-client';

export const authKeys = {
  all: ['auth'] as const,
  login: () => [...authKeys.all, 'login'] as const,
};

export interface Credentials {
  Email: string;
  Password: string;
}

export const login = (credentials: Credentials) =>
  // Sign-in carries no token, and its 401-free failures are ordinary 400s.
  api.post<LoginResponse>(apiPaths.login, credentials, { authenticated: false });

export const loginMutationOptions = () =>
  mutationOptions({ mutationKey: authKeys.login(), mutationFn: login });
