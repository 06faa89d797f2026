import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { LessonProgress, ProgressBody } from '#shared/schemas/learning';
import { getMyCoursesQueryOptions } from '#web/lib/api/get-my-courses';
import { reviewDeckQueryKey } from '#web/lib/api/review-deck-key';
import { apiJson } from '#web/lib/api-client';
import { getCertificateEligibilityQueryOptions } from './get-certificate-eligibility';
import { getCourseProgressQueryOptions } from './get-course-progress';

/** Marks a slide complete, or (completed: false) undoes that: the one progress call (docs/product.md, Learning). */
export function setLessonCompletion({
  lessonId,
  completed = true,
}: {
  lessonId: string;
  completed?: boolean;
}): Promise<LessonProgress> {
  const body: ProgressBody = { lessonId, completed, completedAt: new Date().toISOString() };
  return apiJson<LessonProgress>('POST', '/api/progress', body);
}

/** What a completed lesson or quiz changes: the course's progress, the certificate, My Courses' percents, the review deck. */
export function useRefreshProgress(courseId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [
          getCourseProgressQueryOptions(courseId).queryKey,
          getCertificateEligibilityQueryOptions(courseId).queryKey,
          getMyCoursesQueryOptions().queryKey,
          reviewDeckQueryKey,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
    [queryClient, courseId],
  );
}
