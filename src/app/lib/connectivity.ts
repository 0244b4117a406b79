import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { API_BASE, apiPaths } from '@shared/api/api-paths';

/**
 * Whether the portal's server can be reached. The browser's `navigator.onLine` only knows about a
 * network interface (a captive Wi-Fi or a server that is down still reads "online"), so a failed
 * call is checked against `/api/health` and the verdict goes to React Query's onlineManager: it
 * pauses queries and mutations while offline and resumes them (and refetches) once back online.
 */

const HEALTH_URL = `${API_BASE}${apiPaths.health}`;
export const FIRST_PROBE_DELAY_MS = 2_000;
export const MAX_PROBE_DELAY_MS = 30_000;
// A server that accepts the connection but never answers is as good as unreachable.
const PROBE_TIMEOUT_MS = 5_000;

let probe: Promise<boolean> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let nextDelay = FIRST_PROBE_DELAY_MS;

async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch(HEALTH_URL, {
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

function settle(reachable: boolean): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  if (reachable) {
    nextDelay = FIRST_PROBE_DELAY_MS;
    onlineManager.setOnline(true);
    return;
  }
  onlineManager.setOnline(false);
  retryTimer = setTimeout(() => void checkConnectivity(), nextDelay);
  nextDelay = Math.min(nextDelay * 2, MAX_PROBE_DELAY_MS);
}

/**
 * Probes the server now (one probe at a time; callers share it) and records the answer. While
 * unreachable, probes again with a growing delay (2 s, 4 s … 30 s).
 */
export function checkConnectivity(): Promise<boolean> {
  probe ??= serverAnswers().then((reachable) => {
    probe = null;
    settle(reachable);
    return reachable;
  });
  return probe;
}

/**
 * Called by the API client when a call got no answer at all. Resolves once the app knows whether
 * it is offline, so a failed query sees the verdict before it decides to retry or pause.
 */
export async function reportNetworkFailure(): Promise<void> {
  // Offline already: the backoff probes are running.
  if (!onlineManager.isOnline()) return;
  await checkConnectivity();
}

/**
 * Replaces onlineManager's default listener (which trusts the browser's online/offline events):
 * `offline` is believed at once, `online` only after the server answers. Also probes once at
 * start: a page restored from the cache may make no call at all, yet should say it is offline.
 */
export function watchConnectivity(): void {
  onlineManager.setEventListener(() => {
    const onOnline = () => {
      nextDelay = FIRST_PROBE_DELAY_MS;
      void checkConnectivity();
    };
    const onOffline = () => {
      settle(false);
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    if (navigator.onLine) void checkConnectivity();
    else onOffline();
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      stopProbing();
    };
  });
}

/** Stops the backoff probes (tests, and when the listener is replaced). */
export function stopProbing(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  nextDelay = FIRST_PROBE_DELAY_MS;
}

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** Whether the server is reachable, as far as the app knows (React Query pauses calls when not). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline);
}
