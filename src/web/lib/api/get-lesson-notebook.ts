import { useQuery } from '@tanstack/react-query';
import type { NotebookView } from '#shared/schemas/notebooks';
import { apiJson } from '#web/lib/api-client';

/**
 * A notebook slide drawn by the server, and where its file downloads from. Keyed by the notebook's
 * object path too: an uploaded notebook never changes, and a slide given another one names another path.
 */
export function useLessonNotebook(lessonId: string, notebookUrl: string) {
  const objectPath = notebookUrl.split('?')[0] ?? notebookUrl;
  return useQuery({
    queryKey: ['/api/lessons', lessonId, 'notebook', objectPath],
    queryFn: ({ signal }) =>
      apiJson<NotebookView>('GET', `/api/lessons/${encodeURIComponent(lessonId)}/notebook`, undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
