import { queryOptions } from '@tanstack/react-query';
import type { ModuleOutline } from '#shared/schemas/outline';
import { getPreviewCourseQueryOptions } from '#web/lib/api/get-preview-course';
import { apiJson } from '#web/lib/api-client';

export function getPreviewModules({ courseId, signal }: { courseId: string; signal?: AbortSignal }): Promise<ModuleOutline[]> {
  const url = `/api/preview/courses/${encodeURIComponent(courseId)}/modules`;
  return apiJson<ModuleOutline[]>('GET', url, undefined, { signal });
}

export const getPreviewModulesQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: [...getPreviewCourseQueryOptions(courseId).queryKey, 'modules'] as const,
    queryFn: ({ signal }) => getPreviewModules({ courseId, signal }),
  });
