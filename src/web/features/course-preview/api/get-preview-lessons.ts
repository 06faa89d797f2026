import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Lesson } from '#shared/schemas/creator';
import { getPreviewCourseQueryOptions } from '#web/lib/api/get-preview-course';
import { apiJson } from '#web/lib/api-client';

export function getPreviewLessons({ moduleId, signal }: { moduleId: string; signal?: AbortSignal }): Promise<Lesson[]> {
  return apiJson<Lesson[]>('GET', `/api/preview/modules/${encodeURIComponent(moduleId)}/lessons`, undefined, { signal });
}

/** Keyed under the course's preview, so an edit anywhere in the course refreshes it. */
export const getPreviewLessonsQueryOptions = (courseId: string, moduleId: string) =>
  queryOptions({
    queryKey: [...getPreviewCourseQueryOptions(courseId).queryKey, 'modules', moduleId, 'lessons'] as const,
    queryFn: ({ signal }) => getPreviewLessons({ moduleId, signal }),
  });

export function usePreviewLessons(courseId: string, moduleId: string) {
  return useQuery(getPreviewLessonsQueryOptions(courseId, moduleId));
}
