import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '#web/lib/query-keys';
import type { SectionKind } from '../lib/sections';

/**
 * What a write to a course's modules or quizzes changes: the lists it touched, the preview, and the
 * course row itself (the server moves its updatedAt), which the creator's list shows too. Adding or
 * removing one also changes every student's progress (it counts lessons and quizzes), which the
 * course's analytics and student list show.
 */
export function useRefreshContent(courseId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (kinds: readonly SectionKind[], { isProgressChanged }: { isProgressChanged: boolean }) =>
      Promise.all(
        [
          ...kinds.map((kind) => (kind === 'module' ? queryKeys.courseModules(courseId) : queryKeys.courseQuizzes(courseId))),
          queryKeys.course(courseId),
          queryKeys.creatorCourses(),
          ...(isProgressChanged ? [queryKeys.courseAnalytics(courseId), queryKeys.courseStudents(courseId)] : []),
        ]
          .map((queryKey) => queryClient.invalidateQueries({ queryKey, exact: true }))
          .concat(queryClient.invalidateQueries({ queryKey: queryKeys.preview(courseId) })),
      ),
    [queryClient, courseId],
  );
}
