import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '#web/lib/query-keys';

/**
 * What a slide write changes: the module's slides, the course outline (lesson titles and counts),
 * its preview, and the creator's course list (every edit moves the course's updatedAt).
 */
export function useRefreshSlides(moduleId: string, courseId: string | undefined) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.moduleLessons(moduleId), exact: true }),
        ...(courseId
          ? [
              queryClient.invalidateQueries({ queryKey: queryKeys.courseModules(courseId), exact: true }),
              queryClient.invalidateQueries({ queryKey: queryKeys.preview(courseId) }),
            ]
          : []),
        queryClient.invalidateQueries({ queryKey: queryKeys.creatorCourses(), exact: true }),
      ]),
    [queryClient, moduleId, courseId],
  );
}
