import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#web/lib/api-client';
import { creatorThreadsKey } from './creator-threads';

export type PostRef = { kind: 'thread' | 'reply'; id: string };

export const postPath = ({ kind, id }: PostRef) => `/api/${kind === 'thread' ? 'threads' : 'replies'}/${encodeURIComponent(id)}`;

/** DELETE /api/threads/:id or /api/replies/:id (its author, the course's creator or an admin). */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: PostRef) => apiJson<void>('DELETE', postPath(post)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...creatorThreadsKey, 'count'] }),
  });
}
