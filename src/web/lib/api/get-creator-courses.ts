import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorCourse } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';

/** The creator's own courses in every state (draft, published, archived), newest first, with their figures. */
export function getCreatorCourses({ signal }: { signal?: AbortSignal } = {}): Promise<CreatorCourse[]> {
  return apiJson<CreatorCourse[]>('GET', '/api/creator/courses', undefined, { signal });
}

export const getCreatorCoursesQueryOptions = () =>
  queryOptions({ queryKey: ['/api/creator/courses'] as const, queryFn: ({ signal }) => getCreatorCourses({ signal }) });

export function useCreatorCourses() {
  return useQuery(getCreatorCoursesQueryOptions());
}
