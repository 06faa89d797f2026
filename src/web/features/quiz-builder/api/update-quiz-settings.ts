import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Quiz, UpdateQuizBody } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';
import { getQuizQueryOptions } from './get-quiz';

/** A quiz's pass mark, time limit, attempts limit and shuffle (docs/product.md, Learning). */
export function useUpdateQuizSettings(quizId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateQuizBody) => apiJson<Quiz>('PATCH', `/api/quizzes/${encodeURIComponent(quizId)}`, body),
    onSuccess: (quiz) => queryClient.setQueryData(getQuizQueryOptions(quizId).queryKey, quiz),
  });
}
