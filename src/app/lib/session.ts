import type { Auth, LoginResponse } from '../../shared/auth';
import { TOKEN_EXPIRY_MARGIN_MS } from '../../shared/constants';

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

/** Milliseconds left before the session counts as expired (the margin already taken off). */
export function msUntilExpiry(session: Session, now = Date.now()): number {
  return session.auth.Expires * 1000 - TOKEN_EXPIRY_MARGIN_MS - now;
}

export function isSessionValid(session: Session | null = readSession(), now = Date.now()): boolean {
  return session !== null && msUntilExpiry(session, now) > 0;
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
