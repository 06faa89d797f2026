import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuizOutline } from '#shared/schemas/outline';
import { apiJson } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

export function getQuizzes({ courseId, signal }: { courseId: string; signal?: AbortSignal }): Promise<QuizOutline[]> {
  return apiJson<QuizOutline[]>('GET', `/api/courses/${encodeURIComponent(courseId)}/quizzes`, undefined, { signal });
}

export const getQuizzesQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: queryKeys.courseQuizzes(courseId), queryFn: ({ signal }) => getQuizzes({ courseId, signal }) });

export function useQuizzes(courseId: string) {
  return useQuery(getQuizzesQueryOptions(courseId));
}
