import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import type { UpdateCourseBody } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

export function updateCourse({ id, body }: { id: string; body: UpdateCourseBody }): Promise<Course> {
  return apiJson<Course>('PATCH', `/api/courses/${encodeURIComponent(id)}`, body);
}

export function useUpdateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCourse,
    onSuccess: (course) => {
      queryClient.setQueryData(queryKeys.course(course.id), course);
      // Title, description, price and thumbnail show in the creator's list, the marketplace and the preview.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.creatorCourses(), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.courses(), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.preview(course.id) }),
      ]);
    },
  });
}
