import { API_BASE, apiPaths } from '@shared/api/api-paths';
import type { LoginResponse } from '@shared/access/auth';
import { reportNetworkFailure } from './connectivity';
import { msUntilRefresh, readSession, saveSession } from './session';

/**
 * - `refreshed`: a new access token is stored (or another tab stored one meanwhile).
 * - `ended`: the server says the session is over (401): sign in again.
 * - `unreachable`: no answer, or not a usable one; the session stays and is renewed later.
 */
export type RefreshOutcome = 'refreshed' | 'ended' | 'unreachable';

// A refresh that hangs must not hold the app (or a guard) for the api client's full 30 s.
const REFRESH_TIMEOUT_MS = 10_000;
// Tabs share the refresh cookie: one refresh at a time, or the second would present a credential
// the first just replaced, and the server would end the session as stolen.
const LOCK_NAME = 'fleet-portal:refresh-session';

const isLoginResponse = (value: unknown): value is LoginResponse =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<LoginResponse>).AccessToken === 'string' &&
  typeof (value as Partial<LoginResponse>).Auth?.Expires === 'number';

async function callRefresh(): Promise<RefreshOutcome> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${apiPaths.refresh}`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      // The HttpOnly refresh cookie (path /api/auth) is the credential.
      credentials: 'same-origin',
      signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS),
    });
  } catch {
    await reportNetworkFailure();
    return 'unreachable';
  }
  if (response.status === 401) return 'ended';
  if (!response.ok) return 'unreachable';
  const login: unknown = await response.json().catch(() => null);
  if (!isLoginResponse(login)) return 'unreachable';
  const current = readSession();
  // Signed out meanwhile: the answer must not sign anyone back in.
  if (current === null) return 'ended';
  // Another user signed in meanwhile (another tab): theirs is the fresher session.
  if (current.auth.Id === login.Auth.Id) saveSession(login);
  return 'refreshed';
}

async function refreshOnce(staleToken: string | undefined): Promise<RefreshOutcome> {
  const run = async () => {
    const current = readSession();
    if (current === null) return 'ended';
    // Another tab renewed the token while this one waited for the lock.
    if (current.token !== staleToken && msUntilRefresh(current) > 0) return 'refreshed';
    return callRefresh();
  };
  // Web Locks where there are (every current browser); the in-tab sharing below otherwise.
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(LOCK_NAME, run) : run();
}

let inFlight: Promise<RefreshOutcome> | null = null;

/**
 * Renews the access token with the refresh cookie; `staleToken` is the one found wanting (a 401),
 * so a token another tab renewed meanwhile is taken instead of refreshing again. Concurrent
 * callers (several 401s, the timer, a guard) share one request. No side effects beyond storing
 * the new token: callers decide what an ended session means for them.
 */
export function refreshSession(staleToken = readSession()?.token): Promise<RefreshOutcome> {
  inFlight ??= refreshOnce(staleToken).finally(() => {
    inFlight = null;
  });
  return inFlight;
}
