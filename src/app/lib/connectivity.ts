import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** Whether the browser has a connection, as React Query sees it (it pauses fetches offline). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline);
}
