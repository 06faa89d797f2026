import { queryOptions } from '@tanstack/react-query';
import type { QuizOutline } from '#shared/schemas/outline';
import { getPreviewCourseQueryOptions } from '#web/lib/api/get-preview-course';
import { apiJson } from '#web/lib/api-client';

export function getPreviewQuizzes({ courseId, signal }: { courseId: string; signal?: AbortSignal }): Promise<QuizOutline[]> {
  const url = `/api/preview/courses/${encodeURIComponent(courseId)}/quizzes`;
  return apiJson<QuizOutline[]>('GET', url, undefined, { signal });
}

export const getPreviewQuizzesQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: [...getPreviewCourseQueryOptions(courseId).queryKey, 'quizzes'] as const,
    queryFn: ({ signal }) => getPreviewQuizzes({ courseId, signal }),
  });
