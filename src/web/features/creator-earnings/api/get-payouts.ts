import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Payout, PayoutList } from '#shared/schemas/payouts';
import { apiJson } from '#web/lib/api-client';
import { useFollowingPages } from '#web/lib/use-following-pages';

export const payoutsQueryKey = ['/api/creator/payouts'] as const;
const PAGE_SIZE = 20;

/** One page of the caller's payouts, newest first, from `cursor` on. */
export function getPayouts({ cursor, signal }: { cursor: string | null; signal?: AbortSignal }): Promise<PayoutList> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return apiJson<PayoutList>('GET', `/api/creator/payouts?${query}`, undefined, { signal });
}

export const getPayoutsQueryOptions = () =>
  queryOptions({ queryKey: payoutsQueryKey, queryFn: ({ signal }) => getPayouts({ cursor: null, signal }) });

/** The caller's payouts: the first page, then the pages asked for with "Show more" (no infinite query: see use-following-pages). */
export function usePayouts() {
  const first = useQuery(getPayoutsQueryOptions());
  const following = useFollowingPages<Payout>(first, (cursor) => getPayouts({ cursor }));
  return { first, ...following };
}
