import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import { apiJson } from '#web/lib/api-client';
import { getCoursesQueryOptions } from './get-courses';

export function getCourse({ id, signal }: { id: string; signal?: AbortSignal }): Promise<Course> {
  return apiJson<Course>('GET', `/api/courses/${encodeURIComponent(id)}`, undefined, { signal });
}

export const getCourseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/courses', id],
    queryFn: ({ signal }) => getCourse({ id, signal }),
  });

export function useCourse(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...getCourseQueryOptions(id),
    // Show the card's data at once when arriving from the catalogue, while the detail loads.
    placeholderData: () => queryClient.getQueryData(getCoursesQueryOptions().queryKey)?.find((c) => c.id === id),
  });
}
