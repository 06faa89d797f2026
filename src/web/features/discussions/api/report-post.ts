import { useMutation } from '@tanstack/react-query';
import { apiJson } from '#web/lib/api-client';
import { type PostRef, postPath } from './delete-post';

/** POST /api/threads/:id/report or /api/replies/:id/report, with an optional reason; once per person and post. */
export function useReportPost() {
  return useMutation({
    mutationFn: ({ post, reason }: { post: PostRef; reason: string }) =>
      apiJson<{ reported: true }>('POST', `${postPath(post)}/report`, reason.trim() ? { reason: reason.trim() } : {}),
  });
}
