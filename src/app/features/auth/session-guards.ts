import type { QueryClient } from '@tanstack/react-query';
import { isAdminRole } from '../../../shared/roles';
import { clearSession, isSessionValid, readSession } from '../../lib/session';
import { endExpiredSession } from '../../lib/session-expiry';

export const NOT_ALLOWED_MESSAGE = "Hey! You're not allowed here!";

interface GuardInput {
  /** True while the router only preloads (link hover): no alerts, no side effects. */
  preload: boolean;
  queryClient: QueryClient;
}

/**
 * Checked before every guarded navigation. Returns true when the visitor must go to /login;
 * a stored but expired session is ended first (alert, cleared, cache dropped).
 */
export function mustSignIn({ preload, queryClient }: GuardInput): boolean {
  const session = readSession();
  if (isSessionValid(session)) return false;
  if (session && !preload && endExpiredSession()) queryClient.clear();
  return true;
}

/** The admin guard of spec 01 §2.1: false (after the alert) for anyone but an admin. */
export function isAdminAllowed({ preload }: Pick<GuardInput, 'preload'>): boolean {
  if (isAdminRole(readSession()?.auth.Role ?? '')) return true;
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
