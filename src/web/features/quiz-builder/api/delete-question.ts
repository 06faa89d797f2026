import { useMutation } from '@tanstack/react-query';
import { apiJson } from '#web/lib/api-client';
import { useRefreshQuestions } from './use-refresh-questions';

export function deleteQuestion({ id }: { id: string }): Promise<void> {
  return apiJson<void>('DELETE', `/api/questions/${encodeURIComponent(id)}`);
}

export function useDeleteQuestion(quizId: string, courseId: string) {
  const refresh = useRefreshQuestions(quizId, courseId);
  return useMutation({ mutationFn: deleteQuestion, onSuccess: refresh });
}
