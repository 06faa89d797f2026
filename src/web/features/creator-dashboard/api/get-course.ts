import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import { apiJson } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** One course as its creator sees it (drafts and archived courses included): the pages' title. */
export function getCourse({ courseId, signal }: { courseId: string; signal?: AbortSignal }): Promise<Course> {
  return apiJson<Course>('GET', `/api/courses/${encodeURIComponent(courseId)}`, undefined, { signal });
}

export const getCourseQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: queryKeys.course(courseId),
    queryFn: ({ signal }) => getCourse({ courseId, signal }),
  });

export function useCourse(courseId: string) {
  return useQuery(getCourseQueryOptions(courseId));
}
