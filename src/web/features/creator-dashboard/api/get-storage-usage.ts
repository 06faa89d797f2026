import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorageUsage } from '#shared/schemas/storage';
import { apiJson } from '#web/lib/api-client';

/** The bytes of the creator's kept uploads and their quota. */
export function getStorageUsage({ signal }: { signal?: AbortSignal } = {}): Promise<StorageUsage> {
  return apiJson<StorageUsage>('GET', '/api/creator/storage', undefined, { signal });
}

export const getStorageUsageQueryOptions = () =>
  queryOptions({
    // Only this feature reads it, so the key lives here rather than in lib/query-keys.
    queryKey: ['/api/creator/storage'] as const,
    queryFn: ({ signal }) => getStorageUsage({ signal }),
    // Uploads (in the builder) and the purge (on the server) change it without telling this
    // feature: read it again each time the dashboard shows it.
    staleTime: 0,
  });

export function useStorageUsage() {
  return useQuery(getStorageUsageQueryOptions());
}
