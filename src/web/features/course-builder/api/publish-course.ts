import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import { getCourseQueryOptions } from '#web/lib/api/get-course';
import { getCoursesQueryOptions } from '#web/lib/api/get-courses';
import { getCreatorCoursesQueryOptions } from '#web/lib/api/get-creator-courses';
import { getCreatorStatsQueryOptions } from '#web/lib/api/get-creator-stats';
import { getPreviewCourseQueryOptions } from '#web/lib/api/get-preview-course';
import { apiJson } from '#web/lib/api-client';

export function publishCourse({ id }: { id: string }): Promise<Course> {
  return apiJson<Course>('POST', `/api/courses/${encodeURIComponent(id)}/publish`, {});
}

export function usePublishCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishCourse,
    onSuccess: (course) => {
      queryClient.setQueryData(getCourseQueryOptions(course.id).queryKey, course);
      // A published course joins the marketplace and the dashboard's Active Courses count.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: getCreatorCoursesQueryOptions().queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: getCreatorStatsQueryOptions().queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: getCoursesQueryOptions().queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: getPreviewCourseQueryOptions(course.id).queryKey }),
      ]);
    },
  });
}
