import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import { apiJson } from './api-client';
import { queryKeys } from './query-keys';

/** One course as its caller may see it: the owner sees own drafts and archived courses too. */
export function getCourse({ id, signal }: { id: string; signal?: AbortSignal }): Promise<Course> {
  return apiJson<Course>('GET', `/api/courses/${encodeURIComponent(id)}`, undefined, { signal });
}

export const getCourseQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.course(id), queryFn: ({ signal }) => getCourse({ id, signal }) });

export function useCourse(id: string) {
  return useQuery(getCourseQueryOptions(id));
}
