import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Coupon, CouponList } from '#shared/schemas/coupons';
import { apiJson } from '#web/lib/api-client';

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
  const [more, setMore] = useState<{ after: number; pages: CouponList[] }>({ after: 0, pages: [] });
  const [isLoadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);

  const shown = more.after === first.dataUpdatedAt ? more.pages : [];
  const last = shown.at(-1) ?? first.data;
  // A first page read again may overlap a later one: each code once.
  const seen = new Set<string>();
  const coupons: Coupon[] = [];
  for (const page of first.data ? [first.data, ...shown] : []) {
    for (const coupon of page.items) {
      if (seen.has(coupon.id)) continue;
      seen.add(coupon.id);
      coupons.push(coupon);
    }
  }

  const showMore = async () => {
    const cursor = last?.nextCursor;
    if (!cursor || isLoadingMore) return;
    const after = first.dataUpdatedAt;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await getCoupons({ cursor });
      setMore((current) => ({ after, pages: [...(current.after === after ? current.pages : []), page] }));
    } catch (error) {
      setMoreError(error);
    } finally {
      setLoadingMore(false);
    }
  };

  return {
    coupons,
    isPending: first.isPending,
    isError: first.isError,
    refetch: () => first.refetch(),
    isLoadingMore,
    moreError,
    retryMore: showMore,
    hasMore: Boolean(last?.nextCursor),
    showMore: () => void showMore(),
  };
}
