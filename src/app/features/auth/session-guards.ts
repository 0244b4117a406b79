import { onlineManager, type QueryClient } from '@tanstack/react-query';
import type { Action } from '@shared/access/permissions';
import { canNow } from '@app/lib/permissions';
import { clearSession, isSessionValid, readSession } from '@app/lib/session';
import { endExpiredSession } from '@app/lib/session-expiry';
import { refreshSession } from '@app/lib/session-refresh';

export const NOT_ALLOWED_MESSAGE = "Hey! You're not allowed here!";

interface GuardInput {
  /** True while the router only preloads (link hover): no alerts, no side effects. */
  preload: boolean;
  queryClient: QueryClient;
}

/** How long navigation waits for a renewal before going on with the token it has. */
export const GUARD_REFRESH_WAIT_MS = 3_000;

/**
 * Checked before every guarded navigation. Returns true when the visitor must go to /login.
 * An expired access token is renewed first; only a refused renewal ends the session (alert,
 * cleared, cache dropped). Offline, or when the server is slow to answer, the signed-in user stays.
 */
export async function mustSignIn({ preload, queryClient }: GuardInput): Promise<boolean> {
  const session = readSession();
  if (!session) return true;
  if (isSessionValid(session) || !onlineManager.isOnline()) return false;
  // Hovering a link must not renew (or end) anything.
  if (preload) return true;
  const outcome = await Promise.race([
    refreshSession(session.token),
    new Promise<'pending'>((resolve) => {
      setTimeout(() => {
        resolve('pending');
      }, GUARD_REFRESH_WAIT_MS);
    }),
  ]);
  if (outcome !== 'ended') return false;
  if (endExpiredSession()) queryClient.clear();
  return true;
}

/**
 * A screen's guard (spec 01 §2.1 for the admin group): may the signed-in user open a screen
 * of `action`? False, after the spec's alert, for anyone the permission table turns away; the
 * route then sends them to /, so nobody meets a screen that can only end in a 403.
 */
export function mayOpen(action: Action, { preload }: Pick<GuardInput, 'preload'>): boolean {
  if (canNow(action)) return true;
  if (!preload) window.alert(NOT_ALLOWED_MESSAGE);
  return false;
}

/** Logout (spec 01 §2.4): the session and every cached query go. */
export function signOut(queryClient: QueryClient): void {
  clearSession();
  queryClient.clear();
}

/** Only same-app paths are followed after sign-in, never another origin. */
export function safeReturnPath(value: string | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//')) return '/';
  if (value.startsWith('/login') || value.startsWith('/logout')) return '/';
  return value;
}
