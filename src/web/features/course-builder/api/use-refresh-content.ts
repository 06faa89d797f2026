import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getCourseQueryOptions } from '#web/lib/api/get-course';
import { getCourseAnalyticsQueryOptions } from '#web/lib/api/get-course-analytics';
import { getCourseModulesQueryOptions } from '#web/lib/api/get-course-modules';
import { getCourseQuizzesQueryOptions } from '#web/lib/api/get-course-quizzes';
import { getCourseStudentsQueryOptions } from '#web/lib/api/get-course-students';
import { getCreatorCoursesQueryOptions } from '#web/lib/api/get-creator-courses';
import { getPreviewCourseQueryOptions } from '#web/lib/api/get-preview-course';
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
          ...kinds.map((kind) =>
            kind === 'module' ? getCourseModulesQueryOptions(courseId).queryKey : getCourseQuizzesQueryOptions(courseId).queryKey,
          ),
          getCourseQueryOptions(courseId).queryKey,
          getCreatorCoursesQueryOptions().queryKey,
          ...(isProgressChanged
            ? [getCourseAnalyticsQueryOptions(courseId).queryKey, getCourseStudentsQueryOptions(courseId).queryKey]
            : []),
        ]
          .map((queryKey) => queryClient.invalidateQueries({ queryKey, exact: true }))
          // Every preview read of the course sits under this key.
          .concat(queryClient.invalidateQueries({ queryKey: getPreviewCourseQueryOptions(courseId).queryKey })),
      ),
    [queryClient, courseId],
  );
}
