import { onlineManager } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clearSession, msUntilRefresh, readSession } from './session';
import { refreshSession } from './session-refresh';
import { useSession } from './use-session';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in.';

/**
 * Alerts and clears the stored session. Returns false when there was none, so when a timer and
 * several 401 answers race, only the first one alerts.
 */
export function endExpiredSession(): boolean {
  if (readSession() === null) return false;
  window.alert(SESSION_EXPIRED_MESSAGE);
  clearSession();
  return true;
}

// Set by main.tsx once the router exists; a full page load is the fallback (and what tests see).
let leaveAfterExpiry: () => void = () => {
  window.location.assign('/login');
};

export function setExpiryNavigation(navigate: () => void): void {
  leaveAfterExpiry = navigate;
}

/** The session ended while the app is open (its renewal was refused): alert, clear, /login. */
export function expireSession(): void {
  if (endExpiredSession()) leaveAfterExpiry();
}

// setTimeout overflows above 2^31-1 ms; longer waits are re-armed in steps.
const MAX_TIMEOUT_MS = 2_147_483_647;
// A renewal the server could not answer (5xx) while online is tried again after this long.
export const RENEW_RETRY_MS = 30_000;

/**
 * Renews the access token ahead of its expiry while the app is open. Offline nothing ends: the
 * signed-in user keeps working (cached screens, queued changes) and the token is renewed once
 * the server answers again. Only a refused renewal ends the session.
 */
export function useSessionRenewal(): void {
  const session = useSession();
  useEffect(() => {
    if (!session) return;
    let timer: number | undefined;
    let stopped = false;
    const renew = async () => {
      // Offline: the subscription below tries again when the server answers.
      if (!onlineManager.isOnline()) return;
      const outcome = await refreshSession(session.token);
      if (stopped) return;
      if (outcome === 'ended') expireSession();
      else if (outcome === 'unreachable' && onlineManager.isOnline()) {
        timer = window.setTimeout(() => void renew(), RENEW_RETRY_MS);
      }
      // Refreshed: the new session re-runs this effect, which arms the next renewal.
    };
    const arm = () => {
      const left = msUntilRefresh(session);
      if (left <= 0) {
        void renew();
        return;
      }
      timer = window.setTimeout(arm, Math.min(left, MAX_TIMEOUT_MS));
    };
    arm();
    const unsubscribe = onlineManager.subscribe((online) => {
      if (online && msUntilRefresh(session) <= 0) void renew();
    });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      unsubscribe();
    };
  }, [session]);
}
