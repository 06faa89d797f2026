import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseStudent } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';

/** Enrolled students of one of the creator's courses, newest enrollment first. */
export function getCourseStudents({ courseId, signal }: { courseId: string; signal?: AbortSignal }): Promise<CourseStudent[]> {
  const url = `/api/creator/courses/${encodeURIComponent(courseId)}/students`;
  return apiJson<CourseStudent[]>('GET', url, undefined, { signal });
}

export const getCourseStudentsQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: ['/api/creator/courses', courseId, 'students'] as const,
    queryFn: ({ signal }) => getCourseStudents({ courseId, signal }),
  });

export function useCourseStudents(courseId: string) {
  return useQuery(getCourseStudentsQueryOptions(courseId));
}
