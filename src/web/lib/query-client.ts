import { QueryClient } from '@tanstack/react-query';

/** One per browser tab, and one per page the server renders. */
export function createQueryClient(): QueryClient {
  // SPEC §9: no retries, never stale automatically, no refetch on focus, no polling.
  return new QueryClient({
    defaultOptions: {
      // No default queryFn: every query comes from its endpoint's factory (src/web/lib/api, features' api/).
      queries: {
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
