import { useEffect } from 'react';
import { clearSession, msUntilExpiry, readSession } from './session';
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

/** Session expired while the app is open (timer or a 401): alert, clear, go to /login. */
export function expireSession(): void {
  if (endExpiredSession()) leaveAfterExpiry();
}

// setTimeout overflows above 2^31-1 ms; longer waits are re-armed in steps.
const MAX_TIMEOUT_MS = 2_147_483_647;

/** Fires the expiry handling at Expires minus the margin while the app stays open. */
export function useSessionExpiryTimer(): void {
  const session = useSession();
  useEffect(() => {
    if (!session) return;
    let timer: number | undefined;
    const arm = () => {
      const left = msUntilExpiry(session);
      if (left <= 0) {
        expireSession();
        return;
      }
      timer = window.setTimeout(arm, Math.min(left, MAX_TIMEOUT_MS));
    };
    arm();
    return () => {
      window.clearTimeout(timer);
    };
  }, [session]);
}
