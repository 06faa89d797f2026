import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Lesson } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';

/** A module's lessons (slides) in full: for enrolled students and the course's creator. */
export function getModuleLessons({ moduleId, signal }: { moduleId: string; signal?: AbortSignal }): Promise<Lesson[]> {
  return apiJson<Lesson[]>('GET', `/api/modules/${encodeURIComponent(moduleId)}/lessons`, undefined, { signal });
}

export const getModuleLessonsQueryOptions = (moduleId: string) =>
  queryOptions({
    queryKey: ['/api/modules', moduleId, 'lessons'] as const,
    queryFn: ({ signal }) => getModuleLessons({ moduleId, signal }),
  });

export function useModuleLessons(moduleId: string) {
  return useQuery(getModuleLessonsQueryOptions(moduleId));
}
