import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '#web/lib/query-keys';

/**
 * After a creator's change, the lists SPEC §7 names are fetched again: the creator's courses, the
 * marketplace, and whatever of this course's content the change touched (and its preview).
 */
export function useRefreshCourse() {
  const queryClient = useQueryClient();
  return useCallback(
    (courseId: string | undefined, ...more: (readonly unknown[])[]) =>
      Promise.all(
        [
          queryKeys.creatorCourses(),
          queryKeys.creatorStats(),
          queryKeys.courses(),
          ...(courseId ? [queryKeys.course(courseId), queryKeys.preview(courseId)] : []),
          ...more,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
    [queryClient],
  );
}
