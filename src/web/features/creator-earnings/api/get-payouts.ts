import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Payout, PayoutList } from '#shared/schemas/payouts';
import { apiJson } from '#web/lib/api-client';
import { useFollowingPages } from '#web/lib/use-following-pages';

export const payoutsQueryKey = ['/api/creator/payouts'] as const;
const PAGE_SIZE = 20;
/** The API's largest page (PAYOUT_PAGE_MAX; a plain number here, so the page does not load the schemas). */
const EXPORT_PAGE_SIZE = 100;
/** The CSV lists at most this many of those pages: 5,000 payouts, years of daily transfers. */
const EXPORT_PAGES = 50;

/** One page of the caller's payouts, newest first, from `cursor` on. */
export function getPayouts({
  cursor,
  limit = PAGE_SIZE,
  signal,
}: {
  cursor: string | null;
  limit?: number;
  signal?: AbortSignal;
}): Promise<PayoutList> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  return apiJson<PayoutList>('GET', `/api/creator/payouts?${query}`, undefined, { signal });
}

/**
 * Every payout of the caller for the CSV, newest first, a page of 100 at a time, up to `maxPages`
 * pages; `complete` is false when there were more.
 */
export async function getAllPayouts({ maxPages = EXPORT_PAGES }: { maxPages?: number } = {}): Promise<{
  items: Payout[];
  complete: boolean;
}> {
  const items: Payout[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page += 1) {
    const next: PayoutList = await getPayouts({ cursor, limit: EXPORT_PAGE_SIZE });
    items.push(...next.items);
    cursor = next.nextCursor;
    if (cursor === null) return { items, complete: true };
  }
  return { items, complete: false };
}

export const getPayoutsQueryOptions = () =>
  queryOptions({ queryKey: payoutsQueryKey, queryFn: ({ signal }) => getPayouts({ cursor: null, signal }) });

/** The caller's payouts: the first page, then the pages asked for with "Show more" (no infinite query: see use-following-pages). */
export function usePayouts() {
  const first = useQuery(getPayoutsQueryOptions());
  const following = useFollowingPages<Payout>(first, (cursor) => getPayouts({ cursor }));
  return { first, ...following };
}
