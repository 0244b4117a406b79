import type { QueryClient } from '@tanstack/react-query';
import { DEVICE_OFFLINE_WRITES } from './features/device-detail';
import { DEVICE_TEST_OFFLINE_WRITES } from './features/device-tests';
import { registerOfflineMutations, registerOfflineWrites } from './features/outbox';

/**
 * Starts the outbox once someone is signed in (main.tsx loads this lazily, never with the
 * sign-in page): every feature's offline writes first, so a restored change can run from its
 * variables alone, then the signed-in user's stored queue.
 */
export function startOutbox(client: QueryClient): Promise<void> {
  registerOfflineWrites([...DEVICE_OFFLINE_WRITES, ...DEVICE_TEST_OFFLINE_WRITES]);
  return registerOfflineMutations(client);
}
