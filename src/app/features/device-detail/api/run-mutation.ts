import { MutationObserver, type MutationOptions, type QueryClient } from '@tanstack/react-query';

/**
 * Runs one write outside a component's `useMutation`, for the steps of a multi-call save. It is
 * a real mutation of the cache (counted as busy, and picked up by defaults set for its key).
 */
export function runMutation<TData, TVariables>(
  client: QueryClient,
  options: MutationOptions<TData, Error, TVariables>,
  variables: TVariables,
): Promise<TData> {
  return new MutationObserver<TData, Error, TVariables>(client, options).mutate(variables);
}
