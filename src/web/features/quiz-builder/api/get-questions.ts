import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Question } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** The course's creator gets each question's correctAnswer; learners never do. */
export function getQuestions({ quizId, signal }: { quizId: string; signal?: AbortSignal }): Promise<Question[]> {
  return apiJson<Question[]>('GET', `/api/quizzes/${encodeURIComponent(quizId)}/questions`, undefined, { signal });
}

export const getQuestionsQueryOptions = (quizId: string) =>
  queryOptions({ queryKey: queryKeys.quizQuestions(quizId), queryFn: ({ signal }) => getQuestions({ quizId, signal }) });

export function useQuestions(quizId: string) {
  return useQuery(getQuestionsQueryOptions(quizId));
}
