import type { Auth, LoginResponse } from '@shared/access/auth';
import { TOKEN_EXPIRY_MARGIN_MS } from '@shared/devices/constants';

/** The two localStorage keys of spec 01 §3 (token and auth object). */
export const TOKEN_KEY = 'accessToken';
export const AUTH_KEY = 'auth';

export interface Session {
  token: string;
  auth: Auth;
}

// Only the fields the client relies on are checked: anything else in storage counts as no session.
function isAuth(value: unknown): value is Auth {
  if (typeof value !== 'object' || value === null) return false;
  const a = value as Partial<Record<keyof Auth, unknown>>;
  return (
    typeof a.Expires === 'number' &&
    typeof a.Role === 'string' &&
    typeof a.Email === 'string' &&
    typeof a.Customer === 'string' &&
    Array.isArray(a.Features)
  );
}

function parseAuth(raw: string): Auth | null {
  try {
    const value: unknown = JSON.parse(raw);
    return isAuth(value) ? value : null;
  } catch {
    return null;
  }
}

// useSyncExternalStore needs a stable snapshot, so the parsed session is cached per raw value.
let cached: { token: string | null; rawAuth: string | null; session: Session | null } | undefined;

export function readSession(): Session | null {
  const token = localStorage.getItem(TOKEN_KEY);
  const rawAuth = localStorage.getItem(AUTH_KEY);
  if (cached?.token === token && cached.rawAuth === rawAuth) return cached.session;
  const auth = token && rawAuth ? parseAuth(rawAuth) : null;
  const session = token && auth ? { token, auth } : null;
  cached = { token, rawAuth, session };
  return session;
}

/**
 * Milliseconds left before the access token counts as expired (the spec's 10 s margin already
 * taken off). An expired token does not end the session: the refresh cookie renews it.
 */
export function msUntilExpiry(session: Session, now = Date.now()): number {
  return session.auth.Expires * 1000 - TOKEN_EXPIRY_MARGIN_MS - now;
}

/** Whether the stored access token can still be sent (not within the margin of its expiry). */
export function isSessionValid(session: Session | null = readSession(), now = Date.now()): boolean {
  return session !== null && msUntilExpiry(session, now) > 0;
}

/** The access token is renewed this long before it expires (decision 023)… */
export const REFRESH_AHEAD_MS = 60_000;

// …or a quarter of the life it had when first seen, if shorter: a token living less than a
// minute (TOKEN_TTL_SECONDS is configurable) must not be renewed the moment it arrives, forever.
let ahead: { session: Session; ms: number } | undefined;

/** Milliseconds until the access token should be renewed; ≤ 0 means now. */
export function msUntilRefresh(session: Session, now = Date.now()): number {
  const left = session.auth.Expires * 1000 - now;
  const seen = ahead?.session;
  if (!ahead || seen?.token !== session.token || seen.auth.Expires !== session.auth.Expires) {
    ahead = { session, ms: Math.min(REFRESH_AHEAD_MS, Math.max(left / 4, 0)) };
  }
  return left - ahead.ms;
}

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function saveSession(login: LoginResponse): void {
  localStorage.setItem(TOKEN_KEY, login.AccessToken);
  localStorage.setItem(AUTH_KEY, JSON.stringify(login.Auth));
  notify();
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(AUTH_KEY);
  notify();
}

/** Subscribes to sign-in and sign-out, including those made in other tabs. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === AUTH_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
