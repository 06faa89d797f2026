import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ThreadReply } from '#shared/schemas/discussions';
import { apiJson } from '#web/lib/api-client';
import { creatorThreadsKey } from './creator-threads';

/**
 * POST /api/threads/:id/replies. The list showing the thread adds the reply itself (reading the list
 * again would fold away the pages shown after its first); the creator's unanswered count may change.
 */
export function usePostReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ threadId, body }: { threadId: string; body: string }) =>
      apiJson<ThreadReply>('POST', `/api/threads/${encodeURIComponent(threadId)}/replies`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...creatorThreadsKey, 'count'] }),
  });
}
