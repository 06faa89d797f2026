import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModuleOutline } from '#shared/schemas/outline';
import { apiJson } from '#web/lib/api-client';
import { getCourseQueryOptions } from './get-course';

/**
 * The course's modules with their lessons' titles: the outline anyone who may see the course sees
 * (docs/product.md, Accounts and access).
 */
export function getCourseModules({ courseId, signal }: { courseId: string; signal?: AbortSignal }): Promise<ModuleOutline[]> {
  return apiJson<ModuleOutline[]>('GET', `/api/courses/${encodeURIComponent(courseId)}/modules`, undefined, { signal });
}

export const getCourseModulesQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: [...getCourseQueryOptions(courseId).queryKey, 'modules'] as const,
    queryFn: ({ signal }) => getCourseModules({ courseId, signal }),
  });

export function useCourseModules(courseId: string) {
  return useQuery(getCourseModulesQueryOptions(courseId));
}
