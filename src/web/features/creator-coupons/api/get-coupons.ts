import { queryOptions, useQueries } from '@tanstack/react-query';
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
 * The pages asked for so far with "Show more", as one list. After a delete the first page is read again
 * and may now hold the next page's first code: each code is listed once.
 */
export function useCoupons() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const pages = useQueries({ queries: cursors.map((cursor) => getCouponsQueryOptions(cursor)) });
  const first = pages[0];
  const last = pages.at(-1);

  const seen = new Set<string>();
  const coupons: Coupon[] = [];
  for (const page of pages) {
    for (const coupon of page.data?.items ?? []) {
      if (seen.has(coupon.id)) continue;
      seen.add(coupon.id);
      coupons.push(coupon);
    }
  }

  const nextCursor = last?.data?.nextCursor ?? null;
  return {
    coupons,
    isPending: first?.isPending ?? true,
    isError: first?.isError ?? false,
    refetch: () => first?.refetch(),
    isLoadingMore: pages.length > 1 && (last?.isPending ?? false),
    moreError: pages.length > 1 && last?.isError ? last.error : null,
    retryMore: () => last?.refetch(),
    hasMore: nextCursor !== null,
    showMore: () => {
      if (nextCursor) setCursors((current) => [...current, nextCursor]);
    },
  };
}
