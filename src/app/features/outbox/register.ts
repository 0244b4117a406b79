import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import { readSession, subscribeSession } from '@app/lib/session';
import { endedWithSession, isRefusal, shouldRetryWrite, writeRetryDelay } from './queue/policy';
import {
  dehydrateOutbox,
  deleteOutbox,
  isOutboxMutation,
  loadOutbox,
  restoreOutbox,
  saveOutbox,
} from './queue/storage';
import { isReplay, markReplay } from './queue/tag';
import { setOutboxFlush } from './queue/durable';
import { registeredWrites } from './registry';

// Sent changes stay listed (to watch them get processed) for a week at most.
export const SENT_KEEP_MS = 7 * 24 * 60 * 60_000;
export const REPLAY_FAILED_TOAST = 'A queued change was refused. See the Outbox.';
export const REPLAY_SENT_TOAST = 'Queued changes sent';

interface OutboxSession {
  client: QueryClient;
  /** The signed-in user whose queue is in the cache; null while nobody is. */
  owner: number | null;
  /** Settles once the owner's stored queue is in the cache. */
  ready: Promise<void>;
  saveTimer: ReturnType<typeof setTimeout> | undefined;
  stop: (() => void)[];
}

let session: OutboxSession | undefined;

function writeNow(state: OutboxSession): Promise<void> {
  clearTimeout(state.saveTimer);
  state.saveTimer = undefined;
  if (state.owner === null) return Promise.resolve();
  return saveOutbox(dehydrateOutbox(state.client, state.owner)).catch(() => undefined);
}

// Coalesces the bursts of cache events one change makes into one write.
function scheduleWrite(state: OutboxSession) {
  state.saveTimer ??= setTimeout(() => void writeNow(state), 0);
}

function removeFromCache(client: QueryClient) {
  const cache = client.getMutationCache();
  for (const mutation of cache.getAll()) if (isOutboxMutation(mutation)) cache.remove(mutation);
}

/** The signed-in user changed (sign-in, expiry, logout, another tab): swap the queue in memory. */
function followSession(state: OutboxSession) {
  const userId = readSession()?.auth.Id ?? null;
  if (userId === state.owner) return;
  if (state.owner !== null) {
    // The queue stays stored for its user (an expired session keeps it); it leaves memory so it
    // can never be replayed with someone else's token.
    void writeNow(state);
    state.owner = null;
    removeFromCache(state.client);
  }
  if (userId !== null) state.ready = attach(state, userId);
}

async function attach(state: OutboxSession, userId: number) {
  state.owner = userId;
  const stored = await loadOutbox(userId).catch(() => null);
  if (state.owner !== userId) return;
  if (stored) {
    const cutoff = Date.now() - SENT_KEEP_MS;
    restoreOutbox(state.client, {
      ...stored,
      mutations: stored.mutations.filter(
        (m) => m.state.status !== 'success' || m.state.submittedAt >= cutoff,
      ),
    });
  }
  await state.client.resumePausedMutations();
}

function watchCache(state: OutboxSession) {
  return state.client.getMutationCache().subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
    if (!isOutboxMutation(event.mutation)) return;
    if (event.type === 'updated') {
      const variables: unknown = event.mutation.state.variables;
      const { type } = event.action;
      if (type === 'pause' || type === 'failed') markReplay(variables);
      else if (type === 'error' && endedWithSession(event.action.error)) {
        // The change waits, stored, for the same user to sign in again.
      } else if (type === 'error' && isReplay(variables)) {
        toast.error(REPLAY_FAILED_TOAST, { id: REPLAY_FAILED_TOAST });
      } else if (type === 'error' && isRefusal(event.action.error)) {
        // Refused at once, in front of the installer: the toast told them and the form still
        // holds their values, so it does not linger in the failed list.
        state.client.getMutationCache().remove(event.mutation);
      } else if (type === 'success' && isReplay(variables)) {
        toast.success(REPLAY_SENT_TOAST, { id: REPLAY_SENT_TOAST });
      }
    }
    scheduleWrite(state);
  });
}

/**
 * Sets the defaults of every registered offline write (so a restored change can run from its
 * variables alone), restores the signed-in user's stored outbox into the cache, and keeps it
 * stored on every change. Call once, after the features registered their writes
 * (registerOfflineWrites) and before the query cache is restored.
 */
export function registerOfflineMutations(client: QueryClient): Promise<void> {
  for (const { options: writeOptions } of registeredWrites()) {
    const options = writeOptions();
    client.setMutationDefaults(options.mutationKey, {
      ...options,
      retry: shouldRetryWrite,
      retryDelay: writeRetryDelay,
      // Queued, failed and sent changes stay until replayed, discarded or cleared.
      gcTime: Infinity,
    });
  }
  stopOfflineMutations();
  const state: OutboxSession = {
    client,
    owner: null,
    ready: Promise.resolve(),
    saveTimer: undefined,
    stop: [],
  };
  session = state;
  setOutboxFlush(() => writeNow(state));
  const onPageHide = () => void writeNow(state);
  window.addEventListener('pagehide', onPageHide);
  state.stop.push(
    watchCache(state),
    subscribeSession(() => {
      followSession(state);
    }),
    () => {
      window.removeEventListener('pagehide', onPageHide);
    },
  );
  followSession(state);
  return state.ready;
}

/** Logout: the user's outbox is discarded, in memory and in storage. */
export async function discardOutboxOfOwner(): Promise<void> {
  const state = session;
  if (!state || state.owner === null) return;
  const userId = state.owner;
  clearTimeout(state.saveTimer);
  state.saveTimer = undefined;
  state.owner = null;
  removeFromCache(state.client);
  await deleteOutbox(userId).catch(() => undefined);
}

/** Settles once the signed-in user's stored outbox is in the cache (and resumed). */
export const outboxReady = (): Promise<void> => session?.ready ?? Promise.resolve();

/** Writes the outbox now (tests; page hide does it on its own). */
export const flushOutbox = (): Promise<void> => (session ? writeNow(session) : Promise.resolve());

/** Stops following the session and the cache (tests, and a second registration). */
export function stopOfflineMutations(): void {
  if (!session) return;
  clearTimeout(session.saveTimer);
  for (const stop of session.stop) stop();
  setOutboxFlush(() => Promise.resolve());
  session = undefined;
}
