import { useMutation } from '@tanstack/react-query';
import type { Question, UpdateQuestionBody } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';
import { useRefreshQuestions } from './use-refresh-questions';

/** Edits a question's fields, or moves it: an `order` another question holds swaps the two. */
export function updateQuestion({ id, body }: { id: string; body: UpdateQuestionBody }): Promise<Question> {
  return apiJson<Question>('PATCH', `/api/questions/${encodeURIComponent(id)}`, body);
}

export function useUpdateQuestion(quizId: string, courseId: string) {
  const refresh = useRefreshQuestions(quizId, courseId);
  return useMutation({ mutationFn: updateQuestion, onSuccess: refresh });
}
