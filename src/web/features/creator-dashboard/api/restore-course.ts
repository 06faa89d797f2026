import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import { getCourseQueryOptions } from '#web/lib/api/get-course';
import { getCoursesQueryOptions } from '#web/lib/api/get-courses';
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
      await Promise.all(
        [
          getCreatorCoursesQueryOptions().queryKey,
          getCreatorStatsQueryOptions().queryKey,
          getCoursesQueryOptions().queryKey,
          getCourseQueryOptions(restored.id).queryKey,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey, exact: true })),
      );
    },
    onError,
  });
}
