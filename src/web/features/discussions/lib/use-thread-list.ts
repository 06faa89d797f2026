import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { Thread } from '#shared/schemas/discussions';
import { type CursorPage, useFollowingPages } from '#web/lib/use-following-pages';

type Changes<T> = { after: number; key: string; byId: ReadonlyMap<string, T | null> };

/**
 * A list of questions: its first page (the caller's query), the pages asked for with "Load more", and
 * the changes made here since the first page was read (a reply, a vote, a deletion; null: deleted).
 * Changes are applied in place rather than by reading the list again, which would fold the later pages
 * away under the learner's hands; once the first page is read again, the server's answer stands.
 */
export function useThreadList<T extends Thread>(
  first: UseQueryResult<CursorPage<T>>,
  fetchPage: (cursor: string) => Promise<CursorPage<T>>,
  key: string,
) {
  const following = useFollowingPages(first, fetchPage, key);
  const [changes, setChanges] = useState<Changes<T>>({ after: 0, key: '', byId: new Map() });
  const isCurrent = (candidate: Changes<T>) => candidate.after === first.dataUpdatedAt && candidate.key === key;
  const byId = isCurrent(changes) ? changes.byId : new Map<string, T | null>();
  const items = following.items.flatMap((item) => {
    const changed = byId.get(item.id);
    return changed === null ? [] : [changed ?? item];
  });

  const update = (id: string, change: (thread: T) => T | null) =>
    setChanges((previous) => {
      const base = isCurrent(previous) ? previous.byId : new Map<string, T | null>();
      const thread = base.has(id) ? base.get(id) : following.items.find((item) => item.id === id);
      if (!thread) return previous;
      return { after: first.dataUpdatedAt, key, byId: new Map(base).set(id, change(thread)) };
    });

  return {
    items,
    update,
    isPending: first.isPending,
    isError: first.isError,
    error: first.error,
    refetch: () => void first.refetch(),
    hasMore: following.hasMore,
    isLoadingMore: following.isLoadingMore,
    moreError: following.moreError,
    showMore: () => void following.showMore(),
  };
}

export type ThreadListState<T extends Thread> = ReturnType<typeof useThreadList<T>>;
