import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Thread } from '#shared/schemas/discussions';
import { apiJson } from '#web/lib/api-client';
import { creatorThreadsKey } from './creator-threads';
import { lessonThreadsKey } from './lesson-threads';

/** POST /api/lessons/:id/threads: a new question under a slide; its lists, and the creator's inbox, read again. */
export function useAskQuestion(lessonId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiJson<Thread>('POST', `/api/lessons/${encodeURIComponent(lessonId)}/threads`, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: lessonThreadsKey(lessonId) }),
        queryClient.invalidateQueries({ queryKey: creatorThreadsKey }),
      ]),
  });
}
