import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseAnalytics } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

export function getCourseAnalytics({ courseId, signal }: { courseId: string; signal?: AbortSignal }): Promise<CourseAnalytics> {
  return apiJson<CourseAnalytics>('GET', `/api/creator/courses/${encodeURIComponent(courseId)}/analytics`, undefined, {
    signal,
  });
}

export const getCourseAnalyticsQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: queryKeys.courseAnalytics(courseId),
    queryFn: ({ signal }) => getCourseAnalytics({ courseId, signal }),
  });

export function useCourseAnalytics(courseId: string) {
  return useQuery(getCourseAnalyticsQueryOptions(courseId));
}
