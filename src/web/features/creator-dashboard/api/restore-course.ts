import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import { getCourseQueryOptions } from '#web/lib/api/get-course';
import { courseListsQueryKey } from '#web/lib/api/get-courses';
import { getCreatorCoursesQueryOptions } from '#web/lib/api/get-creator-courses';
import { getCreatorStatsQueryOptions } from '#web/lib/api/get-creator-stats';
import { apiJson } from '#web/lib/api-client';

/** Undoes Archive: a published course returns to the marketplace, a draft stays a draft. */
export function restoreCourse({ courseId }: { courseId: string }): Promise<Course> {
  return apiJson<Course>('POST', `/api/courses/${encodeURIComponent(courseId)}/restore`, {});
}

export function useRestoreCourse({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (course: Course) => restoreCourse({ courseId: course.id }),
    onSuccess: async (restored) => {
      queryClient.setQueryData(getCreatorCoursesQueryOptions().queryKey, (courses) =>
        courses?.map((course) => (course.id === restored.id ? { ...course, ...restored } : course)),
      );
      onSuccess?.();
      const exactKeys = [
        getCreatorCoursesQueryOptions().queryKey,
        getCreatorStatsQueryOptions().queryKey,
        getCourseQueryOptions(restored.id).queryKey,
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
