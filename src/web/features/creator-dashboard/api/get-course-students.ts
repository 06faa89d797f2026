import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseStudent } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** Enrolled students of one of the creator's courses, newest enrollment first. */
export function getCourseStudents({ courseId, signal }: { courseId: string; signal?: AbortSignal }): Promise<CourseStudent[]> {
  return apiJson<CourseStudent[]>('GET', `/api/creator/courses/${encodeURIComponent(courseId)}/students`, undefined, {
    signal,
  });
}

export const getCourseStudentsQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: queryKeys.courseStudents(courseId),
    queryFn: ({ signal }) => getCourseStudents({ courseId, signal }),
  });

export function useCourseStudents(courseId: string) {
  return useQuery(getCourseStudentsQueryOptions(courseId));
}
