import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Coupon, CouponList } from '#shared/schemas/coupons';
import { apiJson } from '#web/lib/api-client';
import { useFollowingPages } from '#web/lib/use-following-pages';

const COUPON_PAGE_SIZE = 20;

/** Every page of the list starts with this key: invalidating it reloads all pages shown. */
export const couponsQueryKey = ['/api/creator/coupons'] as const;

/** One page of the creator's codes, newest first; pages after the first start at the previous page's cursor. */
export function getCoupons({ cursor, signal }: { cursor: string | null; signal?: AbortSignal }): Promise<CouponList> {
  const query = new URLSearchParams({ limit: String(COUPON_PAGE_SIZE), ...(cursor ? { cursor } : {}) });
  return apiJson<CouponList>('GET', `/api/creator/coupons?${query}`, undefined, { signal });
}

export const getCouponsQueryOptions = (cursor: string | null) =>
  queryOptions({
    queryKey: [...couponsQueryKey, cursor] as const,
    queryFn: ({ signal }) => getCoupons({ cursor, signal }),
  });

/**
 * The first page (a query, which a create or a delete invalidates), then the pages asked for with
 * "Show more", kept here: TanStack's useQueries or infinite query would put their observer into the
 * vendor chunk every page loads (0.9 KB gzip). After a change the list starts again from its first page.
 */
export function useCoupons() {
  const first = useQuery(getCouponsQueryOptions(null));
  const following = useFollowingPages<Coupon>(first, (cursor) => getCoupons({ cursor }));
  return {
    coupons: following.items,
    isPending: first.isPending,
    isError: first.isError,
    refetch: () => first.refetch(),
    isLoadingMore: following.isLoadingMore,
    moreError: following.moreError,
    retryMore: following.showMore,
    hasMore: following.hasMore,
    showMore: () => void following.showMore(),
  };
}
