import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiJson } from '#web/lib/api-client';

/** Every admin query's key starts with this: an action invalidates it, and every list (the audit log too) reads again. */
export const adminQueryKey = ['/api/admin'] as const;

export type Page<T> = { items: T[]; nextCursor: string | null };
export const ADMIN_PAGE_SIZE = 20;

/** One page of an admin list: `path` with its filters, from `cursor` on. */
export function getAdminPage<T>({
  path,
  params,
  cursor,
  signal,
}: {
  path: string;
  params: Record<string, string | undefined>;
  cursor: string | null;
  signal?: AbortSignal;
}): Promise<Page<T>> {
  const query = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE) });
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  if (cursor) query.set('cursor', cursor);
  return apiJson<Page<T>>('GET', `${path}?${query}`, undefined, { signal });
}

export const adminPageQueryOptions = <T>(path: string, params: Record<string, string | undefined>) =>
  queryOptions({
    queryKey: [...adminQueryKey, path, params] as const,
    queryFn: ({ signal }) => getAdminPage<T>({ path, params, cursor: null, signal }),
  });

/**
 * An admin list: the first page (a query, which every admin action invalidates), then the pages asked
 * for with "Show more", kept here as the creators' coupon list keeps them (TanStack's infinite query
 * would put its observer into the vendor chunk every page loads). After a change the list starts again
 * from its first page.
 */
export function usePagedList<T extends { id: string }>(path: string, params: Record<string, string | undefined>) {
  const first = useQuery(adminPageQueryOptions<T>(path, params));
  const [more, setMore] = useState<{ after: number; key: string; pages: Page<T>[] }>({ after: 0, key: '', pages: [] });
  const [isLoadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);
  const key = JSON.stringify(params);

  const shown = more.after === first.dataUpdatedAt && more.key === key ? more.pages : [];
  const last = shown.at(-1) ?? first.data;
  // A first page read again may overlap a later one: each row once.
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of first.data ? [first.data, ...shown] : []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }

  const showMore = async () => {
    const cursor = last?.nextCursor;
    if (!cursor || isLoadingMore) return;
    const after = first.dataUpdatedAt;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await getAdminPage<T>({ path, params, cursor });
      setMore((current) => ({
        after,
        key,
        pages: [...(current.after === after && current.key === key ? current.pages : []), page],
      }));
    } catch (error) {
      setMoreError(error);
    } finally {
      setLoadingMore(false);
    }
  };

  return {
    items,
    isPending: first.isPending,
    isError: first.isError,
    refetch: () => void first.refetch(),
    isLoadingMore,
    moreError,
    hasMore: Boolean(last?.nextCursor),
    showMore: () => void showMore(),
  };
}
