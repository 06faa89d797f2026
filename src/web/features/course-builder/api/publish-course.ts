import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import { apiJson } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

export function publishCourse({ id }: { id: string }): Promise<Course> {
  return apiJson<Course>('POST', `/api/courses/${encodeURIComponent(id)}/publish`, {});
}

export function usePublishCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishCourse,
    onSuccess: (course) => {
      queryClient.setQueryData(queryKeys.course(course.id), course);
      // A published course joins the marketplace and the dashboard's Active Courses count.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.creatorCourses(), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.creatorStats(), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.courses(), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.preview(course.id) }),
      ]);
    },
  });
}
