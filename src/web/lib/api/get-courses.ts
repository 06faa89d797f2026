import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import { apiJson } from '#web/lib/api-client';

/** Published, not archived courses (public, cached by the server). */
export function getCourses({ signal }: { signal?: AbortSignal } = {}): Promise<Course[]> {
  return apiJson<Course[]>('GET', '/api/courses', undefined, { signal });
}

export const getCoursesQueryOptions = () =>
  queryOptions({ queryKey: ['/api/courses'] as const, queryFn: ({ signal }) => getCourses({ signal }) });

export function useCourses() {
  return useQuery(getCoursesQueryOptions());
}
