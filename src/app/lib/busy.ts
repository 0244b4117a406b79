import { useIsFetching, useIsMutating } from '@tanstack/react-query';

// A change waiting in the outbox (paused offline, behind another change of its device, or
// retrying in the background) is not a call in progress: it must not lock every button.
const inProgress = (mutation: { state: { isPaused: boolean; failureCount: number } }) =>
  !mutation.state.isPaused && mutation.state.failureCount === 0;

/** "Any call in progress" of spec 01 §4, derived from React Query instead of a hand-kept counter. */
export function useBusy(): boolean {
  return useIsFetching() + useIsMutating({ predicate: inProgress }) > 0;
}
