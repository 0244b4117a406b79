import type { Query, QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  type PersistedClient,
  type PersistedQueryClientSaveOptions,
} from '@tanstack/query-persist-client-core';
import { createIdbPersister } from './query-persister';

/**
 * Format version of the persisted query cache. Raise it when cached data would no longer fit the
 * code (a changed payload or query key): every user's cached queries are then dropped on the next
 * start. Never tie it to the build: each deploy would throw away what installers took offline.
 * The outbox's queued changes are persisted separately and survive a change of this version.
 */
export const QUERY_CACHE_VERSION = '1';

/** How long a persisted cache stays usable without being refreshed. */
export const QUERY_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** One cache per user, so another user signing in on the same device never sees it. */
export const queryCacheKey = (userId: number): string => `queries:user:${userId}`;

interface PersistenceOptions {
  queryClient: QueryClient;
  userId: number;
  /** False once the user is no longer signed in: their cache is then left as it was. */
  ownerSignedIn: () => boolean;
  throttleMs?: number;
}

export interface QueryPersistence {
  /** Settles when the persisted queries are back in the client (or there were none). */
  restored: Promise<void>;
  /** Stops saving; a save still waiting is dropped. */
  stop: () => void;
}

/**
 * A query keeps its data when a refetch fails (say, in the moment before the app learns it is
 * offline); the default (successful queries only) would then drop a screen the installer has seen.
 */
const holdsData = (query: Query): boolean => query.state.data !== undefined;

/**
 * Stores a failed refetch as the last good answer, so the restored query shows its data (stale by
 * its fetch time, refetched when possible) instead of an error from an earlier session. Every
 * query is stored invalidated: restored, it shows at once but is refetched when a screen next
 * uses it, since the last (throttled) save may predate a change made just before the page closed.
 * Offline, the refetch waits.
 */
function asLastGood(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) =>
    query.state.status === 'error'
      ? {
          ...query,
          state: {
            ...query.state,
            status: 'success' as const,
            error: null,
            errorUpdatedAt: 0,
            fetchFailureCount: 0,
            fetchFailureReason: null,
            isInvalidated: true,
          },
        }
      : { ...query, state: { ...query.state, isInvalidated: true } },
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

/**
 * Restores the user's persisted queries into the client, then saves the cache after every
 * change. Mutations are not persisted here (the outbox keeps its own copy).
 */
export function persistUserQueries({
  queryClient,
  userId,
  ownerSignedIn,
  throttleMs,
}: PersistenceOptions): QueryPersistence {
  const persister = createIdbPersister(queryCacheKey(userId), {
    mayWrite: ownerSignedIn,
    prepare: asLastGood,
    ...(throttleMs === undefined ? {} : { throttleMs }),
  });
  const options: PersistedQueryClientSaveOptions = {
    queryClient,
    persister,
    buster: QUERY_CACHE_VERSION,
    dehydrateOptions: { shouldDehydrateQuery: holdsData, shouldDehydrateMutation: () => false },
  };
  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  const restored = persistQueryClientRestore({ ...options, maxAge: QUERY_CACHE_MAX_AGE_MS }).then(
    () => {
      if (stopped) return;
      unsubscribe = persistQueryClientSubscribe(options);
      // Queries that finished while the restore ran raised no event the subscription could see.
      void persistQueryClientSave(options);
    },
  );
  // A hidden page may be closed or frozen at any moment: write what is waiting now.
  const onHidden = () => {
    if (document.visibilityState === 'hidden') void persister.flush();
  };
  const onPageHide = () => void persister.flush();
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', onPageHide);
  return {
    restored,
    stop() {
      stopped = true;
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      unsubscribe?.();
      persister.cancel();
    },
  };
}

/** Deletes a user's persisted queries (for sign-out: "Logout resets all client-held data"). */
export async function forgetPersistedQueries(userId: number): Promise<void> {
  await createIdbPersister(queryCacheKey(userId)).removeClient();
}
