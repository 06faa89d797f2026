import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ThreadList, ThreadSort } from '#shared/schemas/discussions';
import { apiJson } from '#web/lib/api-client';

export type LessonThreadFilters = { sort: ThreadSort; isUnansweredOnly: boolean };

/** Every list of a slide's questions, whatever its sort and filter: a change to one reads them all again. */
export const lessonThreadsKey = (lessonId: string) => ['/api/lessons', lessonId, 'threads'] as const;

/** GET /api/lessons/:id/threads: one page of a slide's questions, from `cursor` on. */
export function getLessonThreadsPage({
  lessonId,
  filters,
  cursor,
  signal,
}: {
  lessonId: string;
  filters: LessonThreadFilters;
  cursor: string | null;
  signal?: AbortSignal;
}) {
  const query = new URLSearchParams({ sort: filters.sort });
  if (filters.isUnansweredOnly) query.set('unanswered', 'true');
  if (cursor) query.set('cursor', cursor);
  return apiJson<ThreadList>('GET', `/api/lessons/${encodeURIComponent(lessonId)}/threads?${query}`, undefined, { signal });
}

export const getLessonThreadsQueryOptions = (lessonId: string, filters: LessonThreadFilters) =>
  queryOptions({
    queryKey: [...lessonThreadsKey(lessonId), filters.sort, filters.isUnansweredOnly] as const,
    queryFn: ({ signal }) => getLessonThreadsPage({ lessonId, filters, cursor: null, signal }),
  });

/** The first page of a slide's questions; the following ones come through `useThreadList`. */
export function useLessonThreads(lessonId: string, filters: LessonThreadFilters) {
  return useQuery(getLessonThreadsQueryOptions(lessonId, filters));
}
