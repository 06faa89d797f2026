import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminRevenue } from '#shared/schemas/admin';
import { apiJson } from '#web/lib/api-client';
import { adminQueryKey } from './paged-list';

/** GET /api/admin/revenue: the platform's figures by month, over the whole ledger. */
export function getRevenue({ signal }: { signal?: AbortSignal } = {}): Promise<AdminRevenue> {
  return apiJson<AdminRevenue>('GET', '/api/admin/revenue', undefined, { signal });
}

export const getRevenueQueryOptions = () =>
  queryOptions({ queryKey: [...adminQueryKey, '/api/admin/revenue'] as const, queryFn: ({ signal }) => getRevenue({ signal }) });

export function useRevenue() {
  return useQuery(getRevenueQueryOptions());
}
