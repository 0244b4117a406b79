import { useIsFetching, useIsMutating } from '@tanstack/react-query';

/** "Any call in progress" of spec 01 §4, derived from React Query instead of a hand-kept counter. */
export function useBusy(): boolean {
  return useIsFetching() + useIsMutating() > 0;
}
