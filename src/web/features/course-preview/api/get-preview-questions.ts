import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Question } from '#shared/schemas/creator';
import { getPreviewCourseQueryOptions } from '#web/lib/api/get-preview-course';
import { apiJson } from '#web/lib/api-client';

export function getPreviewQuestions({ quizId, signal }: { quizId: string; signal?: AbortSignal }): Promise<Question[]> {
  return apiJson<Question[]>('GET', `/api/preview/quizzes/${encodeURIComponent(quizId)}/questions`, undefined, { signal });
}

/** Keyed under the course's preview, so an edit anywhere in the course refreshes it. */
export const getPreviewQuestionsQueryOptions = (courseId: string, quizId: string) =>
  queryOptions({
    queryKey: [...getPreviewCourseQueryOptions(courseId).queryKey, 'quizzes', quizId, 'questions'] as const,
    queryFn: ({ signal }) => getPreviewQuestions({ quizId, signal }),
  });

export function usePreviewQuestions(courseId: string, quizId: string) {
  return useQuery(getPreviewQuestionsQueryOptions(courseId, quizId));
}
