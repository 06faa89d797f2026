import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '#web/lib/query-keys';

/**
 * What a question write changes: the quiz's questions, the course's quiz list (its question counts),
 * the preview, and the course row (the server moves its updatedAt), which the creator's list shows.
 */
export function useRefreshQuestions(quizId: string, courseId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.quizQuestions(quizId), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.courseQuizzes(courseId), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.course(courseId), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.preview(courseId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.creatorCourses(), exact: true }),
      ]),
    [queryClient, quizId, courseId],
  );
}
