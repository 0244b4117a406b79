// Sign-in, renewal and logout as a browser makes them: the refresh cookie beside the bearer token.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { LoginResponse } from '@shared/access/auth';
import { DEMO_PASSWORD } from '@server/seed/demo';
import type { App } from '@server/http/types';
import { REFRESH_COOKIE } from '@server/modules/auth/routes';

export interface SignIn {
  token: string;
  expires: number;
  /** The refresh cookie's value. */
  refresh: string;
}

export type Injected = LightMyRequestResponse;

export function refreshCookieOf(response: Injected) {
  const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE);
  if (!cookie) throw new Error(`no ${REFRESH_COOKIE} cookie in ${response.statusCode} answer`);
  return cookie;
}

/** The token and cookie of a 200 answer to sign-in or renewal; throws on any other answer. */
export function signInOf(response: Injected): SignIn {
  if (response.statusCode !== 200) {
    throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  }
  const body = response.json<LoginResponse>();
  return {
    token: body.AccessToken,
    expires: body.Auth.Expires,
    refresh: refreshCookieOf(response).value,
  };
}

/** The claims of a token (not verified; the tests only read what the server issued). */
export const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;

/** The auth calls against one app (one server process). */
export function sessionCalls(app: App) {
  const call = (options: InjectOptions): Promise<Injected> => app.inject(options);
  const withCookie = (cookie?: string): Record<string, string> =>
    cookie === undefined ? {} : { [REFRESH_COOKIE]: cookie };
  return {
    login: async (Email = 'user@demo.test') =>
      signInOf(
        await call({
          method: 'POST',
          url: '/api/auth/login',
          payload: { Email, Password: DEMO_PASSWORD },
        }),
      ),
    refresh: (cookie?: string) =>
      call({ method: 'POST', url: '/api/auth/refresh', cookies: withCookie(cookie) }),
    logout: (headers: Record<string, string>, cookie?: string) =>
      call({
        method: 'POST',
        url: '/api/auth/logout',
        headers,
        cookies: withCookie(cookie),
      }),
    /** A call that needs a live session. */
    dashboard: (token: string) =>
      call({
        method: 'GET',
        url: '/api/home/dashboard',
        headers: { authorization: `Bearer ${token}` },
      }),
  };
}
