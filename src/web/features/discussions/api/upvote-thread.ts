import { useMutation } from '@tanstack/react-query';
import type { ThreadUpvote } from '#shared/schemas/discussions';
import { apiJson } from '#web/lib/api-client';

/** POST (upvote) or DELETE (take it back) /api/threads/:id/upvote: the thread's count now, and the caller's vote. */
export function useUpvoteThread() {
  return useMutation({
    mutationFn: ({ threadId, isUpvoted }: { threadId: string; isUpvoted: boolean }) =>
      apiJson<ThreadUpvote>(isUpvoted ? 'POST' : 'DELETE', `/api/threads/${encodeURIComponent(threadId)}/upvote`),
  });
}
