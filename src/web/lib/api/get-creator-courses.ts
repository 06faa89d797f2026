import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import { apiJson } from '#web/lib/api-client';

/** The creator's own courses in every state (draft, published, archived), newest first. */
export function getCreatorCourses({ signal }: { signal?: AbortSignal } = {}): Promise<Course[]> {
  return apiJson<Course[]>('GET', '/api/creator/courses', undefined, { signal });
}

export const getCreatorCoursesQueryOptions = () =>
  queryOptions({ queryKey: ['/api/creator/courses'] as const, queryFn: ({ signal }) => getCreatorCourses({ signal }) });

export function useCreatorCourses() {
  return useQuery(getCreatorCoursesQueryOptions());
}
