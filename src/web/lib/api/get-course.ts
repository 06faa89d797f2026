import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import { apiJson } from '#web/lib/api-client';

/** One course as its caller may see it: the owner sees own drafts and archived courses too. */
export function getCourse({ id, signal }: { id: string; signal?: AbortSignal }): Promise<Course> {
  return apiJson<Course>('GET', `/api/courses/${encodeURIComponent(id)}`, undefined, { signal });
}

/**
 * The prefix of every catalogue list's key (get-courses.ts): invalidating it refreshes them all, and no
 * course page. Kept here so a course page can look through the lists without loading their code.
 */
export const courseListsQueryKey = ['/api/courses', 'list'] as const;

/** Its key prefixes the keys of the course's outline, progress and certificate reads. */
export const getCourseQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['/api/courses', id] as const, queryFn: ({ signal }) => getCourse({ id, signal }) });

/**
 * `isCardShownWhileLoading`: arriving from the catalogue, show the course's card data at once while the
 * course itself loads (the course page; a form would start from the card's values instead).
 */
export function useCourse(id: string, { isCardShownWhileLoading = false }: { isCardShownWhileLoading?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useQuery({
    ...getCourseQueryOptions(id),
    placeholderData: isCardShownWhileLoading
      ? () =>
          queryClient
            .getQueriesData<Course[]>({ queryKey: courseListsQueryKey })
            .flatMap(([, list]) => list ?? [])
            .find((course) => course.id === id)
      : undefined,
  });
}
