import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import { apiJson } from '#web/lib/api-client';

/** The courses the signed-in user saved for later (docs/product.md, Catalogue and course pages). */
export function getSavedCourses({ signal }: { signal?: AbortSignal } = {}): Promise<Course[]> {
  return apiJson<Course[]>('GET', '/api/saved-courses', undefined, { signal });
}

export const getSavedCoursesQueryOptions = () =>
  queryOptions({ queryKey: ['/api/saved-courses'] as const, queryFn: ({ signal }) => getSavedCourses({ signal }) });

export function useSavedCourses({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSavedCoursesQueryOptions(), enabled });
}
