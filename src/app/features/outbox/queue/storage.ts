import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type MutationKey,
  type QueryClient,
} from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { failureOf } from './policy';
import { markReplay, tagOf } from './tag';

/**
 * The outbox lives in a database of its own, apart from the query cache: a new cache format
 * (buster) or a dropped cache never loses queued changes. Bump the version only with a migration.
 */
export const OUTBOX_FORMAT_VERSION = 1;
const DATABASE = 'fleet-portal-outbox';
const STORE = 'outbox';

let store: UseStore | undefined;
const outboxStore = (): UseStore => (store ??= createStore(DATABASE, STORE));

export const outboxKey = (userId: number) => `outbox:user:${userId}`;

export interface PersistedOutbox {
  version: number;
  userId: number;
  savedAt: number;
  mutations: DehydratedState['mutations'];
}

/** The device writes: every mutation key of the outbox starts with this. */
export const OUTBOX_KEY_ROOT = 'device-write';

/** The part of a mutation the outbox looks at (any mutation's types fit it). */
export interface MutationLike {
  options: { mutationKey?: MutationKey };
  state: { variables: unknown };
}

export const isOutboxMutation = (mutation: MutationLike) =>
  mutation.options.mutationKey?.[0] === OUTBOX_KEY_ROOT &&
  tagOf(mutation.state.variables) !== undefined;

/** The user's changes of the cache, every state (queued, failed, sent), errors made storable. */
export function dehydrateOutbox(client: QueryClient, userId: number): PersistedOutbox {
  const { mutations } = dehydrate(client, {
    shouldDehydrateQuery: () => false,
    shouldDehydrateMutation: (mutation) =>
      isOutboxMutation(mutation) && tagOf(mutation.state.variables)?.userId === userId,
  });
  return {
    version: OUTBOX_FORMAT_VERSION,
    userId,
    savedAt: Date.now(),
    mutations: mutations.map((mutation) => ({
      ...mutation,
      state: {
        ...mutation.state,
        error: failureOf(mutation.state.error),
        failureReason: null,
      },
    })),
  };
}

export async function saveOutbox(outbox: PersistedOutbox): Promise<void> {
  await set(outboxKey(outbox.userId), outbox, outboxStore());
}

export async function loadOutbox(userId: number): Promise<PersistedOutbox | null> {
  const stored = await get<PersistedOutbox>(outboxKey(userId), outboxStore());
  if (stored?.version !== OUTBOX_FORMAT_VERSION || stored.userId !== userId) return null;
  return stored;
}

export async function deleteOutbox(userId: number): Promise<void> {
  await del(outboxKey(userId), outboxStore());
}

/**
 * Puts a stored outbox back into the cache. A change that was in flight when the page went away
 * (pending, not paused) comes back paused, so reconnecting replays it: the server answers a
 * replay of a write it already made from its idempotency record, so it still happens once.
 */
export function restoreOutbox(client: QueryClient, outbox: PersistedOutbox): void {
  const mutations = outbox.mutations
    .filter((mutation) => tagOf(mutation.state.variables)?.userId === outbox.userId)
    .map((mutation) => ({
      ...mutation,
      state: {
        ...mutation.state,
        isPaused: mutation.state.status === 'pending' ? true : mutation.state.isPaused,
      },
    }));
  for (const mutation of mutations) markReplay(mutation.state.variables);
  hydrate(client, { queries: [], mutations });
}
