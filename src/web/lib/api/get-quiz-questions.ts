import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Question } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';

/** The course's creator gets each question's correctAnswer; learners never do. */
export function getQuizQuestions({ quizId, signal }: { quizId: string; signal?: AbortSignal }): Promise<Question[]> {
  return apiJson<Question[]>('GET', `/api/quizzes/${encodeURIComponent(quizId)}/questions`, undefined, { signal });
}

export const getQuizQuestionsQueryOptions = (quizId: string) =>
  queryOptions({
    queryKey: ['/api/quizzes', quizId, 'questions'] as const,
    queryFn: ({ signal }) => getQuizQuestions({ quizId, signal }),
  });

export function useQuizQuestions(quizId: string) {
  return useQuery(getQuizQuestionsQueryOptions(quizId));
}
