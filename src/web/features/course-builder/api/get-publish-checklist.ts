import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublishChecklist } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';

/** The server's own publishing rules, item by item, so the builder never keeps a copy of them. */
export function getPublishChecklist({ courseId, signal }: { courseId: string; signal?: AbortSignal }): Promise<PublishChecklist> {
  return apiJson<PublishChecklist>('GET', `/api/courses/${encodeURIComponent(courseId)}/publish-checklist`, undefined, {
    signal,
  });
}

export const getPublishChecklistQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: ['/api/courses', courseId, 'publish-checklist'] as const,
    queryFn: ({ signal }) => getPublishChecklist({ courseId, signal }),
    // Asked each time the dialog opens: the course may have changed in another tab.
    staleTime: 0,
  });

export function usePublishChecklist(courseId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getPublishChecklistQueryOptions(courseId), enabled });
}
