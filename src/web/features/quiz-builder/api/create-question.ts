import { useMutation } from '@tanstack/react-query';
import type { CreateQuestionBody, Question } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';
import { useRefreshQuestions } from './use-refresh-questions';

export function createQuestion({ quizId, body }: { quizId: string; body: CreateQuestionBody }): Promise<Question> {
  return apiJson<Question>('POST', `/api/quizzes/${encodeURIComponent(quizId)}/questions`, body);
}

export function useCreateQuestion(quizId: string, courseId: string) {
  const refresh = useRefreshQuestions(quizId, courseId);
  return useMutation({ mutationFn: (body: CreateQuestionBody) => createQuestion({ quizId, body }), onSuccess: refresh });
}
