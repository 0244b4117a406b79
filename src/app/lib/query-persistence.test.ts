import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { get, set, createStore } from 'idb-keyval';
import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetPersistedQueries,
  persistUserQueries,
  QUERY_CACHE_MAX_AGE_MS,
  QUERY_CACHE_VERSION,
  queryCacheKey,
} from './query-persistence';

const store = createStore('fleet-portal-query-cache', 'clients');
const stops: (() => void)[] = [];

afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await Promise.all([1, 2].map((id) => forgetPersistedQueries(id)));
});

/** Starts persistence for `userId` into a fresh client and waits for the restore. */
async function start(userId: number, ownerSignedIn = () => true) {
  const queryClient = new QueryClient();
  const persistence = persistUserQueries({ queryClient, userId, ownerSignedIn, throttleMs: 5 });
  stops.push(persistence.stop);
  await persistence.restored;
  return { queryClient, persistence };
}

const saved = (userId: number) => get<{ buster: string }>(queryCacheKey(userId), store);
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('persisted query cache', () => {
  it('round trip: saves successful queries and restores them with their fetch time', async () => {
    const first = await start(1);
    first.queryClient.setQueryData(['devices', 'list'], [{ Id: 7, IMEI: '350000000000007' }]);
    const fetchedAt = first.queryClient.getQueryState(['devices', 'list'])?.dataUpdatedAt;
    await settle();
    expect((await saved(1))?.buster).toBe(QUERY_CACHE_VERSION);

    const second = await start(1);
    expect(second.queryClient.getQueryData(['devices', 'list'])).toEqual([
      { Id: 7, IMEI: '350000000000007' },
    ]);
    expect(second.queryClient.getQueryState(['devices', 'list'])?.dataUpdatedAt).toBe(fetchedAt);
  });

  it('shows what it restored but marks it stale, so a screen refetches it', async () => {
    const first = await start(1);
    first.queryClient.setQueryData(['customers', 'list'], ['saved before a change']);
    await settle();

    const second = await start(1);
    const restored = second.queryClient.getQueryCache().find({ queryKey: ['customers', 'list'] });
    expect(restored?.state.data).toEqual(['saved before a change']);
    expect(restored?.state.isInvalidated).toBe(true);
  });

  it('saves queries that finished while the restore was still running', async () => {
    const queryClient = new QueryClient();
    const persistence = persistUserQueries({
      queryClient,
      userId: 1,
      ownerSignedIn: () => true,
      throttleMs: 5,
    });
    stops.push(persistence.stop);
    queryClient.setQueryData(['dashboard'], 'fetched during the restore');
    await persistence.restored;
    await settle();
    persistence.stop();

    const again = await start(1);
    expect(again.queryClient.getQueryData(['dashboard'])).toBe('fetched during the restore');
  });

  it('never persists mutations (the outbox keeps its own copy)', async () => {
    const { queryClient } = await start(1);
    queryClient.setQueryData(['a'], 1);
    const mutation = queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => Promise.resolve(1) });
    await mutation.execute(undefined);
    await settle();
    const client = await get<{ clientState: { mutations: unknown[]; queries: unknown[] } }>(
      queryCacheKey(1),
      store,
    );
    expect(client?.clientState.queries).toHaveLength(1);
    expect(client?.clientState.mutations).toEqual([]);
  });

  it('keeps the data of a query whose refetch failed, restored as its last good answer', async () => {
    const first = await start(1);
    first.queryClient.setQueryData(['device', 7], { IMEI: '350000000000007' });
    const fetchedAt = first.queryClient.getQueryState(['device', 7])?.dataUpdatedAt;
    await first.queryClient
      .query({
        queryKey: ['device', 7],
        queryFn: () => Promise.reject(new Error('no answer')),
        staleTime: 0,
        retry: false,
      })
      .catch(() => undefined);
    expect(first.queryClient.getQueryState(['device', 7])?.status).toBe('error');
    // A query that never had data stays out.
    await first.queryClient
      .query({ queryKey: ['never'], queryFn: () => Promise.reject(new Error('x')) })
      .catch(() => undefined);
    await settle();

    const second = await start(1);
    const restored = second.queryClient.getQueryState(['device', 7]);
    expect(second.queryClient.getQueryData(['device', 7])).toEqual({ IMEI: '350000000000007' });
    expect(restored?.status).toBe('success');
    expect(restored?.error).toBeNull();
    expect(restored?.dataUpdatedAt).toBe(fetchedAt);
    expect(second.queryClient.getQueryState(['never'])).toBeUndefined();
  });

  it('drops the cache when its format version (buster) differs', async () => {
    const first = await start(1);
    first.queryClient.setQueryData(['dashboard'], { deviceCount: 3 });
    await settle();
    const client = await get<{ buster: string }>(queryCacheKey(1), store);
    await set(queryCacheKey(1), { ...client, buster: `${QUERY_CACHE_VERSION}-old` }, store);

    const second = await start(1);
    expect(second.queryClient.getQueryData(['dashboard'])).toBeUndefined();
    expect(await saved(1)).toBeUndefined();
  });

  it('drops a cache older than the maximum age', async () => {
    const first = await start(1);
    first.queryClient.setQueryData(['dashboard'], { deviceCount: 3 });
    await settle();
    const client = await get<{ timestamp: number }>(queryCacheKey(1), store);
    const tooOld = Date.now() - QUERY_CACHE_MAX_AGE_MS - 1;
    await set(queryCacheKey(1), { ...client, timestamp: tooOld }, store);

    const second = await start(1);
    expect(second.queryClient.getQueryData(['dashboard'])).toBeUndefined();
  });

  it("keeps each user's cache apart", async () => {
    const one = await start(1);
    one.queryClient.setQueryData(['dashboard'], 'user 1');
    await settle();

    const two = await start(2);
    expect(two.queryClient.getQueryData(['dashboard'])).toBeUndefined();
  });

  it('leaves the saved cache alone once its owner is signed out (an expired session)', async () => {
    let signedIn = true;
    const first = await start(1, () => signedIn);
    first.queryClient.setQueryData(['dashboard'], 'kept');
    await settle();

    signedIn = false;
    first.queryClient.clear(); // what the expiry handling does to memory
    await settle();

    signedIn = true;
    const again = await start(1);
    expect(again.queryClient.getQueryData(['dashboard'])).toBe('kept');
  });

  it('forgets a user on sign-out', async () => {
    const first = await start(1);
    first.queryClient.setQueryData(['dashboard'], 'gone');
    await settle();
    first.persistence.stop();
    await forgetPersistedQueries(1);
    expect(await saved(1)).toBeUndefined();
  });
});
