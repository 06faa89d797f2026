import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import { getCourseQueryOptions } from '#web/lib/api/get-course';
import { courseListsQueryKey } from '#web/lib/api/get-courses';
import { getCreatorCoursesQueryOptions } from '#web/lib/api/get-creator-courses';
import { getCreatorStatsQueryOptions } from '#web/lib/api/get-creator-stats';
import { apiJson } from '#web/lib/api-client';

/**
 * DELETE archives rather than deletes: enrolled students keep the course
 * (docs/product.md, Publishing and the studio).
 */
export function archiveCourse({ courseId }: { courseId: string }): Promise<Course> {
  return apiJson<Course>('DELETE', `/api/courses/${encodeURIComponent(courseId)}`);
}

export function useArchiveCourse({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (course: Course) => archiveCourse({ courseId: course.id }),
    onSuccess: async (archived) => {
      // Show the badge at once; the refetches below confirm it and update the figures.
      queryClient.setQueryData(getCreatorCoursesQueryOptions().queryKey, (courses) =>
        courses?.map((course) => (course.id === archived.id ? { ...course, ...archived } : course)),
      );
      onSuccess?.();
      const exactKeys = [
        getCreatorCoursesQueryOptions().queryKey,
        getCreatorStatsQueryOptions().queryKey,
        getCourseQueryOptions(archived.id).queryKey,
      ];
      await Promise.all([
        ...exactKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey, exact: true })),
        // Every page of the catalogue: it leaves (or returns to) the marketplace.
        queryClient.invalidateQueries({ queryKey: courseListsQueryKey }),
      ]);
    },
    onError,
  });
}
