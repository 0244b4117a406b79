import { useIsFetching, useIsMutating, type Query } from '@tanstack/react-query';

// A change waiting in the outbox (paused offline, behind another change of its device, or
// retrying in the background) is not a call in progress: it must not lock every button.
const inProgress = (mutation: { state: { isPaused: boolean; failureCount: number } }) =>
  !mutation.state.isPaused && mutation.state.failureCount === 0;

/**
 * Marks a query that refreshes itself in the background every few seconds (forward health):
 * nobody waits for it, so it must neither lock buttons nor flash the busy bar on every round.
 */
export const BACKGROUND_QUERY_META = { background: true } as const;

const userVisible = (query: Query) => query.meta?.background !== true;

/** "Any call in progress" of spec 01 §4, derived from React Query instead of a hand-kept counter. */
export function useBusy(): boolean {
  return useIsFetching({ predicate: userVisible }) + useIsMutating({ predicate: inProgress }) > 0;
}
