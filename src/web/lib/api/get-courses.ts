import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Difficulty } from '#shared/lists';
import type { Course } from '#shared/schemas/catalog';
import { apiJson } from '#web/lib/api-client';
import { courseListsQueryKey } from './get-course';

/** Which page of the catalogue: the first `limit` (server default and most: 100) of one difficulty or of all. */
export type CourseListParams = { difficulty?: Difficulty; limit?: number };

/** Published, not archived courses, most followed first (public, cached by the server). */
export function getCourses({ signal, ...params }: CourseListParams & { signal?: AbortSignal } = {}): Promise<Course[]> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, String(value));
  const search = `${query}`;
  return apiJson<Course[]>('GET', search ? `/api/courses?${search}` : '/api/courses', undefined, { signal });
}

export { courseListsQueryKey };

/** Unset parameters leave no trace in the key (it is hashed as JSON), so equal requests share one entry. */
export const getCoursesQueryOptions = (params: CourseListParams = {}) =>
  queryOptions({
    queryKey: [...courseListsQueryKey, params] as const,
    queryFn: ({ signal }) => getCourses({ ...params, signal }),
  });

export function useCourses(params: CourseListParams = {}) {
  return useQuery(getCoursesQueryOptions(params));
}
