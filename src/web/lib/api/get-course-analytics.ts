import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseAnalytics } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';

export function getCourseAnalytics({ courseId, signal }: { courseId: string; signal?: AbortSignal }): Promise<CourseAnalytics> {
  const url = `/api/creator/courses/${encodeURIComponent(courseId)}/analytics`;
  return apiJson<CourseAnalytics>('GET', url, undefined, { signal });
}

export const getCourseAnalyticsQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: ['/api/creator/courses', courseId, 'analytics'] as const,
    queryFn: ({ signal }) => getCourseAnalytics({ courseId, signal }),
  });

export function useCourseAnalytics(courseId: string) {
  return useQuery(getCourseAnalyticsQueryOptions(courseId));
}
