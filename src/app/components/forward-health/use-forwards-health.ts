import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { HEALTH_IDS_MAX, type ForwardHealth } from '@shared/forwards/forward-health';
import { forwardsHealthQueryOptions } from './health-api';

/** What a screen knows of one forward's health. */
export type HealthOf =
  | { status: 'loading' }
  /** Failed to load, or not answered (a forward the caller may not see, or removed). */
  | { status: 'unknown' }
  | { status: 'ready'; health: ForwardHealth };

export interface HealthLookup {
  of: (id: number) => HealthOf;
  /** A call failed the last time it was asked (the values shown may be older, or '–'). */
  failed: boolean;
  /** Some forward's health is shown, from an earlier answer, although a call now fails. */
  stale: boolean;
  /** A failed call is being asked again. */
  retrying: boolean;
  retry: () => void;
}

const LOADING: HealthOf = { status: 'loading' };
const UNKNOWN: HealthOf = { status: 'unknown' };

function pagesOf(ids: readonly number[], size: number): number[][] {
  const pages: number[][] = [];
  for (let at = 0; at < ids.length; at += size) pages.push(ids.slice(at, at + size));
  return pages;
}

/**
 * The live health of the forwards shown: one `forwards/health` call per page of `pageSize` ids
 * (a list's loaded page, so a newly loaded page adds a call and leaves the others alone), each
 * asked again every few seconds while the page is visible.
 */
export function useForwardsHealth(
  ids: readonly number[],
  pageSize: number = HEALTH_IDS_MAX,
): HealthLookup {
  const pages = useMemo(() => pagesOf(ids, Math.min(pageSize, HEALTH_IDS_MAX)), [ids, pageSize]);
  const combine = useCallback(
    (results: UseQueryResult<ForwardHealth[]>[]) => lookupOf(pages, results),
    [pages],
  );
  return useQueries({ queries: pages.map((page) => forwardsHealthQueryOptions(page)), combine });
}

function lookupOf(pages: number[][], results: UseQueryResult<ForwardHealth[]>[]): HealthLookup {
  const known = new Map<number, ForwardHealth>();
  const loading = new Set<number>();
  // Fresh answers first; an earlier answer kept while a page's new ids load fills the gaps only.
  const ordered = results.map((result, i) => ({ result, page: pages[i] ?? [] }));
  ordered.sort((a, b) => Number(a.result.isPlaceholderData) - Number(b.result.isPlaceholderData));
  for (const { result, page } of ordered) {
    for (const health of result.data ?? []) {
      if (!known.has(health.ForwardId)) known.set(health.ForwardId, health);
    }
    const waiting = result.isPending || (result.isPlaceholderData && result.isFetching);
    if (waiting) for (const id of page) loading.add(id);
  }
  const failing = results.filter((result) => result.isError);
  return {
    of: (id) => {
      const health = known.get(id);
      if (health) return { status: 'ready', health };
      return loading.has(id) ? LOADING : UNKNOWN;
    },
    failed: failing.length > 0,
    stale: failing.some((result) => result.data !== undefined),
    retrying: failing.some((result) => result.isFetching),
    retry: () => {
      for (const result of failing) void result.refetch();
    },
  };
}

/** The health, once known. */
export const readyHealth = (of: HealthOf): ForwardHealth | undefined =>
  of.status === 'ready' ? of.health : undefined;
