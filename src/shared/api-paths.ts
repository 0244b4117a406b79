/** API paths, relative to the API base (`/api/`). Shared so client and server cannot drift. */
export const API_BASE = '/api/';

export const apiPaths = {
  health: 'health',
  login: 'auth/login',
  account: (id: number | string) => `auth/account/${id}`,
  dashboard: 'home/dashboard',
} as const;

/** Route patterns as the server registers them (Fastify syntax). */
export const serverRoutes = {
  health: '/health',
  login: '/auth/login',
  account: '/auth/account/:id',
  dashboard: '/home/dashboard',
} as const;
