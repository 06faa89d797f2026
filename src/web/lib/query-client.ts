import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportRequestFailure, reportRequestSuccess } from './connection';

/** One per browser tab, and one per page the server renders. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Every call's outcome tells the connection monitor whether the server is reachable: it shows the
    // offline banner and, once the server answers again, fetches the failed reads anew (./connection.ts).
    queryCache: new QueryCache({ onError: reportRequestFailure, onSuccess: reportRequestSuccess }),
    mutationCache: new MutationCache({ onError: reportRequestFailure, onSuccess: reportRequestSuccess }),
    defaultOptions: {
      // No default queryFn: every query comes from its endpoint's factory (src/web/lib/api, features' api/). No
      // retries, never stale automatically, no refetch on focus, no polling
      // (docs/product.md, Web app conventions). Offline, a call fails at once (networkMode 'always') instead of
      // waiting unseen, so the page shows its error and Retry; the connection monitor, not reconnect
      // refetching, fetches it again when the server answers.
      queries: {
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
