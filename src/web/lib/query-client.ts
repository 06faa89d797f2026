import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

/** One per browser tab, and one per page the server renders. */
export function createQueryClient(): QueryClient {
  // SPEC §9: no retries, never stale automatically, no refetch on focus, no polling.
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
