import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import { apiJson } from '#web/lib/api-client';

/** The course as its creator previews it (src/web/features/course-preview). */
export function getPreviewCourse({ courseId, signal }: { courseId: string; signal?: AbortSignal }): Promise<Course> {
  return apiJson<Course>('GET', `/api/preview/courses/${encodeURIComponent(courseId)}`, undefined, { signal });
}

/**
 * Its key prefixes every other preview read of the course (outline, lessons, questions), so the
 * features that edit a course refresh its whole preview by invalidating this key.
 */
export const getPreviewCourseQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: ['/api/preview', courseId] as const,
    queryFn: ({ signal }) => getPreviewCourse({ courseId, signal }),
  });

export function usePreviewCourse(courseId: string) {
  return useQuery(getPreviewCourseQueryOptions(courseId));
}
