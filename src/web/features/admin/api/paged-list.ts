import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '#web/lib/api-client';
import { type CursorPage, useFollowingPages } from '#web/lib/use-following-pages';

/** Every admin query's key starts with this: an action invalidates it, and every list (the audit log too) reads again. */
export const adminQueryKey = ['/api/admin'] as const;

export type Page<T> = CursorPage<T>;
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
  const following = useFollowingPages<T>(first, (cursor) => getAdminPage<T>({ path, params, cursor }), JSON.stringify(params));
  return {
    items: following.items,
    isPending: first.isPending,
    isError: first.isError,
    refetch: () => void first.refetch(),
    isLoadingMore: following.isLoadingMore,
    moreError: following.moreError,
    hasMore: following.hasMore,
    showMore: () => void following.showMore(),
  };
}
