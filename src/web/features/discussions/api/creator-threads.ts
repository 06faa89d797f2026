import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorThreadList } from '#shared/schemas/discussions';
import { apiJson } from '#web/lib/api-client';

/** Every read of the creator's inbox (its pages and its unanswered count) starts with this key. */
export const creatorThreadsKey = ['/api/creator/threads'] as const;

/** GET /api/creator/threads: one page of the questions in all the caller's courses, from `cursor` on. */
export function getCreatorThreadsPage({
  isUnansweredOnly,
  cursor,
  limit,
  signal,
}: {
  isUnansweredOnly: boolean;
  cursor: string | null;
  limit?: number;
  signal?: AbortSignal;
}) {
  const query = new URLSearchParams();
  if (isUnansweredOnly) query.set('unanswered', 'true');
  if (limit) query.set('limit', String(limit));
  if (cursor) query.set('cursor', cursor);
  const search = query.size > 0 ? `?${query}` : '';
  return apiJson<CreatorThreadList>('GET', `/api/creator/threads${search}`, undefined, { signal });
}

export const getCreatorThreadsQueryOptions = (isUnansweredOnly: boolean) =>
  queryOptions({
    queryKey: [...creatorThreadsKey, 'list', isUnansweredOnly] as const,
    queryFn: ({ signal }) => getCreatorThreadsPage({ isUnansweredOnly, cursor: null, signal }),
  });

export function useCreatorThreads(isUnansweredOnly: boolean) {
  return useQuery(getCreatorThreadsQueryOptions(isUnansweredOnly));
}

/** The dashboard's count: the smallest page the list answers, for its `unansweredCount`. */
export const getUnansweredCountQueryOptions = () =>
  queryOptions({
    queryKey: [...creatorThreadsKey, 'count'] as const,
    queryFn: async ({ signal }) =>
      (await getCreatorThreadsPage({ isUnansweredOnly: true, cursor: null, limit: 1, signal })).unansweredCount,
  });

export function useUnansweredCount() {
  return useQuery(getUnansweredCountQueryOptions());
}
