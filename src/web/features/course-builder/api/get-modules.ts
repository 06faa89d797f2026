import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModuleOutline } from '#shared/schemas/outline';
import { apiJson } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

export function getModules({ courseId, signal }: { courseId: string; signal?: AbortSignal }): Promise<ModuleOutline[]> {
  return apiJson<ModuleOutline[]>('GET', `/api/courses/${encodeURIComponent(courseId)}/modules`, undefined, { signal });
}

export const getModulesQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: queryKeys.courseModules(courseId), queryFn: ({ signal }) => getModules({ courseId, signal }) });

export function useModules(courseId: string) {
  return useQuery(getModulesQueryOptions(courseId));
}
