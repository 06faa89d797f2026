import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getCourseQueryOptions } from '#web/lib/api/get-course';
import { getCourseQuizzesQueryOptions } from '#web/lib/api/get-course-quizzes';
import { getCreatorCoursesQueryOptions } from '#web/lib/api/get-creator-courses';
import { getPreviewCourseQueryOptions } from '#web/lib/api/get-preview-course';
import { getQuizQuestionsQueryOptions } from '#web/lib/api/get-quiz-questions';

/**
 * What a question write changes: the quiz's questions, the course's quiz list (its question counts),
 * the preview, and the course row (the server moves its updatedAt), which the creator's list shows.
 */
export function useRefreshQuestions(quizId: string, courseId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getQuizQuestionsQueryOptions(quizId).queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: getCourseQuizzesQueryOptions(courseId).queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: getCourseQueryOptions(courseId).queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: getPreviewCourseQueryOptions(courseId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getCreatorCoursesQueryOptions().queryKey, exact: true }),
      ]),
    [queryClient, quizId, courseId],
  );
}
