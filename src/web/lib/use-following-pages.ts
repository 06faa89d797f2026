import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';

export type CursorPage<T> = { items: T[]; nextCursor: string | null };

/**
 * The pages a list shows after its first, asked for with "Show more" and kept here: TanStack's
 * useQueries or infinite query would put their observer into the vendor chunk every page loads. The
 * first page is the caller's query; when it is read again (after a change), or `key` (the list's
 * filters) changes, the list starts again from it. A first page read again may overlap a later one:
 * each item is listed once.
 */
export function useFollowingPages<T extends { id: string }>(
  first: UseQueryResult<CursorPage<T>>,
  fetchPage: (cursor: string) => Promise<CursorPage<T>>,
  key = '',
) {
  const [more, setMore] = useState<{ after: number; key: string; pages: CursorPage<T>[] }>({ after: 0, key: '', pages: [] });
  const [isLoadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);

  const shown = more.after === first.dataUpdatedAt && more.key === key ? more.pages : [];
  const last = shown.at(-1) ?? first.data;
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
      const page = await fetchPage(cursor);
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

  return { items, isLoadingMore, moreError, hasMore: Boolean(last?.nextCursor), showMore };
}
