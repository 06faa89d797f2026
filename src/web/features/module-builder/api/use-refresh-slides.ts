import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getCourseModulesQueryOptions } from '#web/lib/api/get-course-modules';
import { getCreatorCoursesQueryOptions } from '#web/lib/api/get-creator-courses';
import { getModuleLessonsQueryOptions } from '#web/lib/api/get-module-lessons';
import { getPreviewCourseQueryOptions } from '#web/lib/api/get-preview-course';

/**
 * What a slide write changes: the module's slides, the course outline (lesson titles and counts),
 * its preview, and the creator's course list (every edit moves the course's updatedAt).
 */
export function useRefreshSlides(moduleId: string, courseId: string | undefined) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getModuleLessonsQueryOptions(moduleId).queryKey, exact: true }),
        ...(courseId
          ? [
              queryClient.invalidateQueries({ queryKey: getCourseModulesQueryOptions(courseId).queryKey, exact: true }),
              queryClient.invalidateQueries({ queryKey: getPreviewCourseQueryOptions(courseId).queryKey }),
            ]
          : []),
        queryClient.invalidateQueries({ queryKey: getCreatorCoursesQueryOptions().queryKey, exact: true }),
      ]),
    [queryClient, moduleId, courseId],
  );
}
