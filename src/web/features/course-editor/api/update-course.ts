import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import type { UpdateCourseBody } from '#shared/schemas/creator';
import { getCourseQueryOptions } from '#web/lib/api/get-course';
import { courseListsQueryKey } from '#web/lib/api/get-courses';
import { getCreatorCoursesQueryOptions } from '#web/lib/api/get-creator-courses';
import { getPreviewCourseQueryOptions } from '#web/lib/api/get-preview-course';
import { apiJson } from '#web/lib/api-client';

export function updateCourse({ id, body }: { id: string; body: UpdateCourseBody }): Promise<Course> {
  return apiJson<Course>('PATCH', `/api/courses/${encodeURIComponent(id)}`, body);
}

export function useUpdateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCourse,
    onSuccess: (course) => {
      queryClient.setQueryData(getCourseQueryOptions(course.id).queryKey, course);
      // Title, description, price and thumbnail show in the creator's list, the marketplace and the preview.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: getCreatorCoursesQueryOptions().queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: courseListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: getPreviewCourseQueryOptions(course.id).queryKey }),
      ]);
    },
  });
}
