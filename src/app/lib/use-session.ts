import { useSyncExternalStore } from 'react';
import { readSession, subscribeSession, type Session } from './session';

/** The stored session; re-renders on sign-in, sign-out and changes from other tabs. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession);
}
