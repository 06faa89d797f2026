import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Quiz } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';

/** Title, description and the course it belongs to (for the way back and the refreshes). */
export function getQuiz({ id, signal }: { id: string; signal?: AbortSignal }): Promise<Quiz> {
  return apiJson<Quiz>('GET', `/api/quizzes/${encodeURIComponent(id)}`, undefined, { signal });
}

export const getQuizQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['/api/quizzes', id] as const, queryFn: ({ signal }) => getQuiz({ id, signal }) });

export function useQuiz(id: string) {
  return useQuery(getQuizQueryOptions(id));
}
