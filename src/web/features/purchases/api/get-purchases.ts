import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Purchase, PurchaseList } from '#shared/schemas/purchases';
import { apiJson } from '#web/lib/api-client';

const PURCHASE_PAGE_SIZE = 20;

/** Every page of the list starts with this key: invalidating it reloads the first page. */
export const purchasesQueryKey = ['/api/purchases'] as const;

/** One page of the buyer's purchases, newest first; pages after the first start at the previous page's cursor. */
export function getPurchases({ cursor, signal }: { cursor: string | null; signal?: AbortSignal }): Promise<PurchaseList> {
  const query = new URLSearchParams({ limit: String(PURCHASE_PAGE_SIZE), ...(cursor ? { cursor } : {}) });
  return apiJson<PurchaseList>('GET', `/api/purchases?${query}`, undefined, { signal });
}

export const getPurchasesQueryOptions = (cursor: string | null) =>
  queryOptions({
    queryKey: [...purchasesQueryKey, cursor] as const,
    queryFn: ({ signal }) => getPurchases({ cursor, signal }),
  });

type LaterPage = { cursor: string; list: PurchaseList };

/**
 * The first page (a query, which a refund invalidates), then the pages asked for with "Show more",
 * kept here: TanStack's useQueries or infinite query would put their observer into the vendor chunk
 * every page loads. Purchases only ever arrive at the top and a refund does not move one, so later
 * pages stay shown when the first is read again; `reloadLater` reads them again by their cursors.
 */
export function usePurchases() {
  const first = useQuery(getPurchasesQueryOptions(null));
  const [later, setLater] = useState<LaterPage[]>([]);
  const [isLoadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);

  const last = later.at(-1)?.list ?? first.data;
  // A new purchase pushes the first page's last item onto the next one: each purchase once, the newer copy first.
  const seen = new Set<string>();
  const purchases: Purchase[] = [];
  for (const page of first.data ? [first.data, ...later.map((page) => page.list)] : []) {
    for (const purchase of page.items) {
      if (seen.has(purchase.id)) continue;
      seen.add(purchase.id);
      purchases.push(purchase);
    }
  }

  const showMore = async () => {
    const cursor = last?.nextCursor;
    if (!cursor || isLoadingMore) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const list = await getPurchases({ cursor });
      setLater((current) => (current.some((page) => page.cursor === cursor) ? current : [...current, { cursor, list }]));
    } catch (error) {
      setMoreError(error);
    } finally {
      setLoadingMore(false);
    }
  };

  const reloadLater = async () => {
    if (later.length === 0) return;
    try {
      const lists = await Promise.all(later.map(({ cursor }) => getPurchases({ cursor })));
      setLater(later.map((page, index) => ({ cursor: page.cursor, list: lists[index] ?? page.list })));
    } catch {
      // The pages shown stay as they were; the first page, which holds most refunds, is a query of its own.
    }
  };

  return {
    purchases,
    isPending: first.isPending,
    isError: first.isError,
    refetch: () => first.refetch(),
    isLoadingMore,
    moreError,
    hasMore: Boolean(last?.nextCursor),
    showMore: () => void showMore(),
    reloadLater: () => void reloadLater(),
  };
}
