import { useMutation } from '@tanstack/react-query';
import type { AnyQuestion, CreateAnyQuestionBody } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';
import { useRefreshQuestions } from './use-refresh-questions';

/** A question of any type (a single choice when `type` is left out). */
export function createQuestion({ quizId, body }: { quizId: string; body: CreateAnyQuestionBody }): Promise<AnyQuestion> {
  return apiJson<AnyQuestion>('POST', `/api/quizzes/${encodeURIComponent(quizId)}/questions`, body);
}

export function useCreateQuestion(quizId: string, courseId: string) {
  const refresh = useRefreshQuestions(quizId, courseId);
  return useMutation({ mutationFn: (body: CreateAnyQuestionBody) => createQuestion({ quizId, body }), onSuccess: refresh });
}
