import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuizOutline } from '#shared/schemas/outline';
import { apiJson } from '#web/lib/api-client';
import { getCourseQueryOptions } from './get-course';

/** The course's quizzes (titles and question counts), in the order they share with its modules. */
export function getCourseQuizzes({ courseId, signal }: { courseId: string; signal?: AbortSignal }): Promise<QuizOutline[]> {
  return apiJson<QuizOutline[]>('GET', `/api/courses/${encodeURIComponent(courseId)}/quizzes`, undefined, { signal });
}

export const getCourseQuizzesQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: [...getCourseQueryOptions(courseId).queryKey, 'quizzes'] as const,
    queryFn: ({ signal }) => getCourseQuizzes({ courseId, signal }),
  });

export function useCourseQuizzes(courseId: string) {
  return useQuery(getCourseQuizzesQueryOptions(courseId));
}
