import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorStats } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';

export function getCreatorStats({ signal }: { signal?: AbortSignal } = {}): Promise<CreatorStats> {
  return apiJson<CreatorStats>('GET', '/api/creator/stats', undefined, { signal });
}

export const getCreatorStatsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/creator/stats'] as const, queryFn: ({ signal }) => getCreatorStats({ signal }) });

export function useCreatorStats() {
  return useQuery(getCreatorStatsQueryOptions());
}
