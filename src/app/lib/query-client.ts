import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Every failed attempt already toasts (spec 01 §8); screens offer a Retry button instead.
        retry: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
