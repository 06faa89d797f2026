import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseProgress } from '#shared/schemas/learning';
import { getCourseQueryOptions } from '#web/lib/api/get-course';
import { apiJson } from '#web/lib/api-client';

/** The learner's completed lessons, passed quizzes and percent; 403 for someone not enrolled. */
export function getCourseProgress({ courseId, signal }: { courseId: string; signal?: AbortSignal }): Promise<CourseProgress> {
  return apiJson<CourseProgress>('GET', `/api/courses/${encodeURIComponent(courseId)}/progress`, undefined, { signal });
}

export const getCourseProgressQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: [...getCourseQueryOptions(courseId).queryKey, 'progress'] as const,
    queryFn: ({ signal }) => getCourseProgress({ courseId, signal }),
  });

export function useCourseProgress(courseId: string) {
  return useQuery(getCourseProgressQueryOptions(courseId));
}
