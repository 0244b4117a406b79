import { onlineManager } from '@tanstack/react-query';
import { API_BASE, apiPaths } from '@shared/api/api-paths';

/** Set while a logout could not reach the server: its refresh cookie still opens a session. */
export const PENDING_LOGOUT_KEY = 'logoutPending';
// Logout waits this long at most for the server; the user is leaving either way.
const LOGOUT_TIMEOUT_MS = 5_000;

async function postLogout(token: string | undefined): Promise<boolean> {
  try {
    const response = await fetch(`${API_BASE}${apiPaths.logout}`, {
      method: 'POST',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      // The refresh cookie goes along, so the server also ends the session by it and clears it.
      credentials: 'same-origin',
      keepalive: true,
      signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

let stopWatching: (() => void) | undefined;

/** Sends the logout that could not be sent, once the server answers again (cookie alone). */
function retryWhenOnline(): void {
  stopWatching ??= onlineManager.subscribe((online) => {
    if (online) void finishPendingLogout();
  });
}

/**
 * Ends the session on the server: the access token (expired or not) and the refresh cookie stop
 * working. Best effort: offline, the app signs out at once and tells the server when it can.
 */
export async function endServerSession(token: string | undefined): Promise<void> {
  if (onlineManager.isOnline() && (await postLogout(token))) {
    localStorage.removeItem(PENDING_LOGOUT_KEY);
    return;
  }
  localStorage.setItem(PENDING_LOGOUT_KEY, '1');
  retryWhenOnline();
}

/** A logout still owed to the server (after an offline logout, also after a reload). */
export async function finishPendingLogout(): Promise<void> {
  if (localStorage.getItem(PENDING_LOGOUT_KEY) === null) return;
  if (!onlineManager.isOnline() || !(await postLogout(undefined))) {
    retryWhenOnline();
    return;
  }
  forgetPendingLogout();
}

/** Sign-in replaced the cookie: the owed logout would now end the new session. */
export function forgetPendingLogout(): void {
  localStorage.removeItem(PENDING_LOGOUT_KEY);
  stopWatching?.();
  stopWatching = undefined;
}
