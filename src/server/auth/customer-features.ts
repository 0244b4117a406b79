// The feature names the guard checks feature rules against, cached per process like live
// sessions (docs/decisions/039-list-pages-as-json-and-prepared.md).
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '@server/db/client';
import { featuresOfCustomer } from './access';
import { SESSION_CACHE_MS } from './sessions';

/** Same window as live sessions: another process's change counts within it. */
export const FEATURE_CACHE_MS = SESSION_CACHE_MS;

const cache = {
  entries: new LRUCache<number, { names: readonly string[]; until: number }>({ max: 10_000 }),
  generation: 0,
};

/**
 * Drops the customer's cached features so a change made here counts with the next request.
 * Call it after the transaction that changed them commits.
 */
export function forgetCustomerFeatures(customerId: number): void {
  cache.entries.delete(customerId);
  cache.generation++;
}

/**
 * The customer's feature names, read at most once per `cacheMs` (0: every time). The
 * generation keeps a read that raced a change from caching what it read before the change.
 */
export async function cachedFeaturesOfCustomer(
  db: DbOrTx,
  customerId: number,
  cacheMs = FEATURE_CACHE_MS,
  now = Date.now(),
): Promise<readonly string[]> {
  const cached = cache.entries.get(customerId);
  if (cached && cached.until > now) return cached.names;
  const generation = cache.generation;
  const names = await featuresOfCustomer(db, customerId);
  if (cacheMs > 0 && generation === cache.generation)
    cache.entries.set(customerId, { names, until: now + cacheMs });
  return names;
}
