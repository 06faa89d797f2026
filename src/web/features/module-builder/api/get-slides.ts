import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Lesson } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

export function getSlides({ moduleId, signal }: { moduleId: string; signal?: AbortSignal }): Promise<Lesson[]> {
  return apiJson<Lesson[]>('GET', `/api/modules/${encodeURIComponent(moduleId)}/lessons`, undefined, { signal });
}

export const getSlidesQueryOptions = (moduleId: string) =>
  queryOptions({
    queryKey: queryKeys.moduleLessons(moduleId),
    queryFn: ({ signal }) => getSlides({ moduleId, signal }),
  });

export function useSlides(moduleId: string) {
  return useQuery(getSlidesQueryOptions(moduleId));
}
