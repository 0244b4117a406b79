import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-errors';
import { QUERY_CACHE_MAX_AGE_MS } from './query-persistence';

/**
 * A call that got no answer while the app now knows it is offline: retrying it makes React Query
 * pause it (keeping any cached data on screen) and run it again once the server is back.
 */
const failedForLackOfNetwork = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 0 && !onlineManager.isOnline();

// Enough for a connection that drops and returns a few times during one call, yet never endless.
const MAX_OFFLINE_RETRIES = 5;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Every failed attempt already toasts (spec 01 §8); screens offer a Retry button instead.
        // Only a call that failed for lack of a connection is retried, i.e. paused until online.
        retry: (failures, error) => failures < MAX_OFFLINE_RETRIES && failedForLackOfNetwork(error),
        retryDelay: 0,
        staleTime: 30_000,
        // Unused queries must outlive the persisted copy, or the next save would drop them.
        gcTime: QUERY_CACHE_MAX_AGE_MS,
      },
      mutations: { retry: false },
    },
  });
}
